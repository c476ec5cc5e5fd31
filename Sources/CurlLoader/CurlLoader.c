// Forwarders for the libcurl functions swift-corelibs-foundation's URLSession calls
// (the undefined curl_* symbols of lib_CFURLSessionInterface.a, Swift 6.3), so that the
// executable does not need libcurl at start-up; see include/CurlLoader.h.
//
// No curl headers are needed: every parameter is an int, a long, a 64-bit curl_off_t or a
// pointer, and the handles are opaque, so the prototypes below have libcurl's ABI.
// The variadic setopt/getinfo functions take exactly one argument after the option;
// libcurl itself reads it by the option's type range (CURLOPTTYPE_*), and so does this.

#define _GNU_SOURCE  // dladdr
#include "CurlLoader.h"

#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int code_t;
typedef long long curl_off_t_;

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

#define FUNCTIONS(X)                                                               \
  X(curl_easy_cleanup, void, (void *))                                             \
  X(curl_easy_getinfo, code_t, (void *, int, ...))                                 \
  X(curl_easy_init, void *, (void))                                                \
  X(curl_easy_pause, code_t, (void *, int))                                        \
  X(curl_easy_setopt, code_t, (void *, int, ...))                                  \
  X(curl_easy_strerror, const char *, (code_t))                                    \
  X(curl_free, void, (void *))                                                     \
  X(curl_global_init, code_t, (long))                                              \
  X(curl_multi_add_handle, code_t, (void *, void *))                               \
  X(curl_multi_assign, code_t, (void *, int, void *))                              \
  X(curl_multi_cleanup, code_t, (void *))                                          \
  X(curl_multi_info_read, void *, (void *, int *))                                 \
  X(curl_multi_init, void *, (void))                                               \
  X(curl_multi_remove_handle, code_t, (void *, void *))                            \
  X(curl_multi_setopt, code_t, (void *, int, ...))                                 \
  X(curl_multi_socket_action, code_t, (void *, int, int, int *))                   \
  X(curl_slist_append, void *, (void *, const char *))                             \
  X(curl_slist_free_all, void, (void *))                                           \
  X(curl_url, void *, (void))                                                      \
  X(curl_url_get, code_t, (const void *, int, char **, unsigned int))              \
  X(curl_url_set, code_t, (void *, int, const char *, unsigned int))               \
  X(curl_version, char *, (void))                                                  \
  X(curl_version_info, void *, (int))

#define POINTER(name, result, parameters) static result(*real_##name) parameters;
FUNCTIONS(POINTER)

static void load(void) {
  // The soname of libcurl 4 (OpenSSL build), then Debian's GnuTLS build.
  const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4"};
  for (size_t i = 0; i < sizeof names / sizeof names[0] && !library; i++) {
    library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  }
  if (!library) return;
#define RESOLVE(name, result, parameters)                          \
  real_##name = (result(*) parameters)dlsym(library, #name);       \
  if (!real_##name) {                                              \
    library = NULL;                                                \
    return;                                                        \
  }
  FUNCTIONS(RESOLVE)
}

int province_curl_load(void) {
  pthread_once(&once, load);
  return library != NULL;
}

// A transfer that ends without a complete header block.
//
// swift-corelibs-foundation builds the response when it sees the blank line that ends the
// headers; if libcurl then reports the transfer done (CURLE_OK) without one — a server that
// hung up mid-headers — Foundation traps ("Transfer completed, but there's no response",
// swift-corelibs-foundation#5285, fixed upstream after Swift 6.3). So the header callback
// Foundation sets is wrapped to see each header line, and a transfer reported done with
// its last header block unfinished (or only a 1xx one) is reported as CURLE_RECV_ERROR
// instead, which Foundation turns into an ordinary lost connection.

//
// The same watch bounds the header block. Foundation's handling of header lines costs
// more than linear time in their number (40,000 lines: 39 s of CPU on the session's one
// work queue, which every other fetch waits on), so a transfer whose header lines
// (status lines, 1xx blocks, a proxy's CONNECT answer and chunked trailers included) pass
// PROVINCE_HEADER_LINE_LIMIT lines or PROVINCE_HEADER_BYTE_LIMIT bytes is refused where
// the line arrives: Foundation never sees it, libcurl ends the transfer (CURLE_WRITE_ERROR)
// and the error text Foundation reports is PROVINCE_HEADER_REFUSAL. A single line past
// libcurl's own bound (CURLE_OUT_OF_MEMORY, "Avoided giant realloc for header") gets the
// same text instead of "Out of memory".

enum {
  header_function_option = 20079,  // CURLOPT_HEADERFUNCTION
  header_data_option = 10029,      // CURLOPT_HEADERDATA
  write_function_option = 20011,   // CURLOPT_WRITEFUNCTION
  write_data_option = 10001,       // CURLOPT_WRITEDATA
  error_buffer_option = 10010,     // CURLOPT_ERRORBUFFER
  message_done = 1,                // CURLMSG_DONE
  out_of_memory = 27,              // CURLE_OUT_OF_MEMORY
  receive_error = 56,              // CURLE_RECV_ERROR
  write_error = 23,                // CURLE_WRITE_ERROR
  host_part = 5,                   // CURLUPART_HOST
  error_buffer_size = 256,         // CURL_ERROR_SIZE
};

typedef size_t (*header_function_t)(char *, size_t, size_t, void *);

struct headers {
  void *handle;
  header_function_t function;  // Foundation's, and the data it gets
  void *data;
  int complete;       // the last header block seen has ended, and was not a 1xx
  int informational;  // the block being read is a 1xx (100 Continue, 103 Early Hints)
  size_t lines;       // header lines and bytes of this transfer so far
  size_t bytes;
  int refused;        // past the bound: refused, and said so
  char *error_buffer; // Foundation's CURLOPT_ERRORBUFFER, CURL_ERROR_SIZE bytes
  header_function_t write_function;  // Foundation's body callback, and its data
  void *write_data;
  size_t body;        // decoded body bytes of this transfer so far
  int body_cut;       // past the body bound: the transfer was stopped
  struct headers *next;
};

static struct headers *watched;
static pthread_mutex_t watched_lock = PTHREAD_MUTEX_INITIALIZER;

// The entry for `handle`, made when `make` is set; call with watched_lock held.
static struct headers *headers_of(void *handle, int make) {
  for (struct headers *entry = watched; entry; entry = entry->next) {
    if (entry->handle == handle) return entry;
  }
  if (!make) return NULL;
  struct headers *entry = calloc(1, sizeof *entry);
  if (!entry) return NULL;
  entry->handle = handle;
  entry->complete = 1;
  entry->next = watched;
  watched = entry;
  return entry;
}

static void remember_header_option(void *handle, int option, void *value) {
  pthread_mutex_lock(&watched_lock);
  struct headers *entry = headers_of(handle, 1);
  if (entry) {
    if (option == header_function_option) {
      entry->function = (header_function_t)value;
    } else if (option == error_buffer_option) {
      entry->error_buffer = value;
    } else if (option == write_function_option) {
      entry->write_function = (header_function_t)value;
    } else if (option == write_data_option) {
      entry->write_data = value;
    } else {
      entry->data = value;
    }
  }
  pthread_mutex_unlock(&watched_lock);
}

static void forget_headers(void *handle) {
  pthread_mutex_lock(&watched_lock);
  for (struct headers **link = &watched; *link; link = &(*link)->next) {
    if ((*link)->handle == handle) {
      struct headers *gone = *link;
      *link = gone->next;
      free(gone);
      break;
    }
  }
  pthread_mutex_unlock(&watched_lock);
}

// A header line that is not UTF-8.
//
// Foundation reads each header line as UTF-8 and aborts the transfer on any other bytes
// (_ParsedResponseHeader.byAppending returns nil, and libcurl reports "Failed writing
// header"): a Latin-1 reason phrase (`404 Non trouv\xe9`) or value (`X-Name: caf\xe9`)
// failed the fetch as if the network were down, where curl reads them. HTTP's header bytes
// beyond ASCII are ISO-8859-1 where they mean anything (RFC 9110 obs-text), so such a line
// is handed on decoded as Latin-1, in UTF-8; a line that is UTF-8 already goes as it came.

// Whether `bytes` are well-formed UTF-8 (no overlong forms, surrogates or values past
// U+10FFFF), as Swift's String(data:encoding: .utf8) requires.
static int utf8_valid(const unsigned char *bytes, size_t length) {
  size_t i = 0;
  while (i < length) {
    unsigned char byte = bytes[i];
    if (byte < 0x80) {
      i += 1;
      continue;
    }
    size_t extra;
    unsigned char low = 0x80, high = 0xBF;
    if (byte >= 0xC2 && byte <= 0xDF) {
      extra = 1;
    } else if (byte >= 0xE0 && byte <= 0xEF) {
      extra = 2;
      if (byte == 0xE0) low = 0xA0;
      if (byte == 0xED) high = 0x9F;
    } else if (byte >= 0xF0 && byte <= 0xF4) {
      extra = 3;
      if (byte == 0xF0) low = 0x90;
      if (byte == 0xF4) high = 0x8F;
    } else {
      return 0;
    }
    if (length - i <= extra) return 0;
    if (bytes[i + 1] < low || bytes[i + 1] > high) return 0;
    for (size_t k = 2; k <= extra; k++) {
      if (bytes[i + k] < 0x80 || bytes[i + k] > 0xBF) return 0;
    }
    i += extra + 1;
  }
  return 1;
}

// Hands Foundation the line decoded as Latin-1 (each byte its own code point, in UTF-8);
// libcurl is told the whole line was taken when Foundation took the whole decoded one.
static size_t latin1_header_line(struct headers *entry, const unsigned char *bytes,
                                 size_t length) {
  size_t high = 0;
  for (size_t i = 0; i < length; i++) high += bytes[i] >= 0x80;
  char *decoded = malloc(length + high);
  if (!decoded) return 0;
  size_t out = 0;
  for (size_t i = 0; i < length; i++) {
    if (bytes[i] < 0x80) {
      decoded[out++] = (char)bytes[i];
    } else {
      decoded[out++] = (char)(0xC0 | (bytes[i] >> 6));
      decoded[out++] = (char)(0x80 | (bytes[i] & 0x3F));
    }
  }
  size_t taken = entry->function(decoded, 1, out, entry->data);
  free(decoded);
  return taken == out ? length : 0;
}

static size_t watch_header_line(char *buffer, size_t size, size_t count, void *pointer) {
  struct headers *entry = pointer;
  size_t length = size * count;
  entry->lines += 1;
  entry->bytes += length;
  if (entry->lines > PROVINCE_HEADER_LINE_LIMIT || entry->bytes > PROVINCE_HEADER_BYTE_LIMIT) {
    // Any count but `length` makes libcurl stop the transfer with CURLE_WRITE_ERROR.
    entry->refused = 1;
    return 0;
  }
  if (length >= 5 && memcmp(buffer, "HTTP/", 5) == 0) {
    const char *space = memchr(buffer, ' ', length);
    entry->complete = 0;
    entry->informational = space && space + 1 < buffer + length && space[1] == '1';
  } else if ((length == 2 && buffer[0] == '\r' && buffer[1] == '\n') ||
             (length == 1 && buffer[0] == '\n')) {
    entry->complete = !entry->informational;
  }
  if (utf8_valid((const unsigned char *)buffer, length)) {
    return entry->function(buffer, size, count, entry->data);
  }
  return latin1_header_line(entry, (const unsigned char *)buffer, length);
}

// A body decoded past every fetch's limit (province_curl_limit_body) stops here: libcurl
// decodes all it has read before a cancel can reach it (a gzip bomb: a gigabyte from one
// read), on the one thread every other transfer of the process waits for.
static long body_limit;  // 0: none
static long bodies_cut;
enum { body_slack = 1 << 20 };

void province_curl_limit_body(long bytes) {
  if (bytes <= 0) return;
  long wanted = bytes > LONG_MAX - body_slack ? LONG_MAX : bytes + body_slack;
  long seen = __atomic_load_n(&body_limit, __ATOMIC_RELAXED);
  while (seen < wanted &&
         !__atomic_compare_exchange_n(&body_limit, &seen, wanted, 0, __ATOMIC_RELAXED,
                                      __ATOMIC_RELAXED)) {
  }
}

long province_curl_bodies_cut(void) { return __atomic_load_n(&bodies_cut, __ATOMIC_RELAXED); }

static size_t watch_body(char *buffer, size_t size, size_t count, void *pointer) {
  struct headers *entry = pointer;
  size_t length = size * count;
  long limit = __atomic_load_n(&body_limit, __ATOMIC_RELAXED);
  entry->body += length;
  if (limit > 0 && entry->body > (size_t)limit) {
    if (!entry->body_cut) __atomic_add_fetch(&bodies_cut, 1, __ATOMIC_RELAXED);
    entry->body_cut = 1;
    // Any count but `length` makes libcurl stop the transfer with CURLE_WRITE_ERROR.
    return 0;
  }
  return entry->write_function(buffer, size, count, entry->write_data);
}

// Whether `address` is code of the loaded libcurl.
static int called_from_libcurl(void *address) {
  Dl_info info;
  if (!dladdr(address, &info) || !info.dli_fbase) return 0;
  Dl_info mine;
  if (!dladdr((void *)real_curl_url_get, &mine) || !mine.dli_fbase) return 0;
  return info.dli_fbase == mine.dli_fbase;
}

// Before each transfer: Foundation's header callback goes through watch_header_line.
static void watch_headers(void *handle) {
  pthread_mutex_lock(&watched_lock);
  struct headers *entry = headers_of(handle, 0);
  if (entry && entry->write_function) {
    entry->body = 0;
    entry->body_cut = 0;
    real_curl_easy_setopt(handle, write_function_option, (void *)watch_body);
    real_curl_easy_setopt(handle, write_data_option, (void *)entry);
  }
  if (entry && entry->function) {
    entry->complete = 0;
    entry->informational = 0;
    entry->lines = 0;
    entry->bytes = 0;
    entry->refused = 0;
    real_curl_easy_setopt(handle, header_function_option, (void *)watch_header_line);
    real_curl_easy_setopt(handle, header_data_option, (void *)entry);
  }
  pthread_mutex_unlock(&watched_lock);
}

// libcurl's CURLMsg.
struct message {
  int kind;
  void *handle;
  union {
    void *whatever;
    code_t result;
  } data;
};

static __thread struct message rewritten;

// `raw`, or a copy saying CURLE_RECV_ERROR when it reports a transfer done whose headers
// never ended. A transfer whose header block was refused (here, or by libcurl's bound on
// one line while the block was open) reports CURLE_WRITE_ERROR with
// PROVINCE_HEADER_REFUSAL in Foundation's error buffer, which Foundation reads next; one
// whose body was stopped in watch_body, with PROVINCE_BODY_REFUSAL.
static void *checked_message(void *raw) {
  struct message *message = raw;
  if (!message || message->kind != message_done) return raw;
  code_t result = message->data.result;
  pthread_mutex_lock(&watched_lock);
  struct headers *entry = headers_of(message->handle, 0);
  int watched_entry = entry && entry->function;
  int refused = watched_entry && (entry->refused ||
                                  (result == out_of_memory && !entry->complete));
  int cut = watched_entry && result == 0 && !entry->complete;
  if (refused && entry->error_buffer) {
    snprintf(entry->error_buffer, error_buffer_size, "%s", PROVINCE_HEADER_REFUSAL);
  } else if (entry && entry->body_cut && result == write_error && entry->error_buffer) {
    // Stopped in watch_body: say so, instead of libcurl's "failure writing output".
    snprintf(entry->error_buffer, error_buffer_size, "%s", PROVINCE_BODY_REFUSAL);
  }
  pthread_mutex_unlock(&watched_lock);
  if (!refused && !cut) return raw;
  rewritten = *message;
  rewritten.data.result = refused ? write_error : receive_error;
  return &rewritten;
}

// Error codes for a missing library: CURLE_FAILED_INIT (2), CURLM_INTERNAL_ERROR (4),
// CURLUE_OUT_OF_MEMORY (7). PageFetcher checks province_curl_load() before any URLSession
// use, so these are only a floor.
enum { easy_failed = 2, multi_failed = 4, url_failed = 7 };

#define LOADED_OR(value) \
  if (!province_curl_load()) return value

void curl_easy_cleanup(void *handle) {
  if (!province_curl_load()) return;
  real_curl_easy_cleanup(handle);
  forget_headers(handle);
}
void *curl_easy_init(void) {
  LOADED_OR(NULL);
  return real_curl_easy_init();
}
code_t curl_easy_pause(void *handle, int bitmask) {
  LOADED_OR(easy_failed);
  return real_curl_easy_pause(handle, bitmask);
}
const char *curl_easy_strerror(code_t code) {
  LOADED_OR("libcurl is not installed");
  return real_curl_easy_strerror(code);
}
void curl_free(void *pointer) {
  if (province_curl_load()) real_curl_free(pointer);
}
code_t curl_global_init(long flags) {
  LOADED_OR(easy_failed);
  return real_curl_global_init(flags);
}
static long connection_limit;  // 0: libcurl's default
enum { max_connects_option = 6 };  // CURLMOPT_MAXCONNECTS

void province_curl_limit_connections(long count) {
  __atomic_store_n(&connection_limit, count, __ATOMIC_RELAXED);
}

code_t curl_multi_add_handle(void *multi, void *easy) {
  LOADED_OR(multi_failed);
  watch_headers(easy);
  long limit = __atomic_load_n(&connection_limit, __ATOMIC_RELAXED);
  if (limit > 0) real_curl_multi_setopt(multi, max_connects_option, limit);
  return real_curl_multi_add_handle(multi, easy);
}
code_t curl_multi_assign(void *multi, int socket, void *pointer) {
  LOADED_OR(multi_failed);
  return real_curl_multi_assign(multi, socket, pointer);
}
code_t curl_multi_cleanup(void *multi) {
  LOADED_OR(multi_failed);
  return real_curl_multi_cleanup(multi);
}
void *curl_multi_info_read(void *multi, int *left) {
  LOADED_OR(NULL);
  return checked_message(real_curl_multi_info_read(multi, left));
}
void *curl_multi_init(void) {
  LOADED_OR(NULL);
  return real_curl_multi_init();
}
code_t curl_multi_remove_handle(void *multi, void *easy) {
  LOADED_OR(multi_failed);
  return real_curl_multi_remove_handle(multi, easy);
}
code_t curl_multi_socket_action(void *multi, int socket, int mask, int *running) {
  LOADED_OR(multi_failed);
  return real_curl_multi_socket_action(multi, socket, mask, running);
}
void *curl_slist_append(void *list, const char *text) {
  LOADED_OR(NULL);
  return real_curl_slist_append(list, text);
}
void curl_slist_free_all(void *list) {
  if (province_curl_load()) real_curl_slist_free_all(list);
}
void *curl_url(void) {
  LOADED_OR(NULL);
  return real_curl_url();
}
code_t curl_url_get(const void *url, int part, char **out, unsigned int flags) {
  LOADED_OR(url_failed);
  code_t result = real_curl_url_get(url, part, out, flags);
  if (part != host_part || called_from_libcurl(__builtin_return_address(0))) return result;
  // libcurl gives an IPv6 literal's host with its brackets ("[::1]"); Foundation checks
  // it against URL.host without them and refuses the URL as bad (NSURLErrorBadURL,
  // swift-corelibs-foundation#5496, fixed upstream by #5498). The host is handed over
  // without the brackets, as Foundation expects; the request itself keeps the full URL.
  // libcurl's own calls (it calls its exported functions through these, once they are
  // exported) keep the brackets, which its Host field needs.
  if (result == 0 && out && *out && (*out)[0] == '[') {
    size_t length = strlen(*out);
    if (length >= 2 && (*out)[length - 1] == ']') {
      memmove(*out, *out + 1, length - 2);
      (*out)[length - 2] = 0;
    }
  }
  return result;
}
code_t curl_url_set(void *url, int part, const char *text, unsigned int flags) {
  LOADED_OR(url_failed);
  return real_curl_url_set(url, part, text, flags);
}
char *curl_version(void) {
  LOADED_OR("libcurl not installed");
  return real_curl_version();
}
void *curl_version_info(int age) {
  LOADED_OR(NULL);
  return real_curl_version_info(age);
}

// The option's type, by libcurl's ranges: CURLOPTTYPE_LONG 0, OBJECTPOINT 10000,
// FUNCTIONPOINT 20000, OFF_T 30000, BLOB 40000 (the same for CURLMoption).
#define FORWARD_OPTION(real, handle, option, failed)          \
  do {                                                        \
    LOADED_OR(failed);                                        \
    va_list arguments;                                        \
    va_start(arguments, option);                              \
    code_t result;                                            \
    if (option < 10000) {                                     \
      long value = va_arg(arguments, long);                   \
      result = real(handle, option, value);                   \
    } else if (option >= 30000 && option < 40000) {           \
      curl_off_t_ value = va_arg(arguments, curl_off_t_);     \
      result = real(handle, option, value);                   \
    } else {                                                  \
      void *value = va_arg(arguments, void *);                \
      result = real(handle, option, value);                   \
    }                                                         \
    va_end(arguments);                                        \
    return result;                                            \
  } while (0)

code_t curl_easy_setopt(void *handle, int option, ...) {
  if (option == header_function_option || option == header_data_option ||
      option == error_buffer_option || option == write_function_option ||
      option == write_data_option) {
    va_list arguments;
    va_start(arguments, option);
    void *value = va_arg(arguments, void *);
    va_end(arguments);
    LOADED_OR(easy_failed);
    remember_header_option(handle, option, value);
    return real_curl_easy_setopt(handle, option, value);
  }
  FORWARD_OPTION(real_curl_easy_setopt, handle, option, easy_failed);
}
code_t curl_multi_setopt(void *multi, int option, ...) {
  FORWARD_OPTION(real_curl_multi_setopt, multi, option, multi_failed);
}
code_t curl_easy_getinfo(void *handle, int info, ...) {
  // Every CURLINFO takes a pointer to where the answer goes.
  LOADED_OR(easy_failed);
  va_list arguments;
  va_start(arguments, info);
  void *where = va_arg(arguments, void *);
  va_end(arguments);
  return real_curl_easy_getinfo(handle, info, where);
}
