// Forwarders for the libcurl functions swift-corelibs-foundation's URLSession calls
// (the undefined curl_* symbols of lib_CFURLSessionInterface.a, Swift 6.3), so that the
// executable does not need libcurl at start-up; see include/CurlLoader.h.
//
// No curl headers are needed: every parameter is an int, a long, a 64-bit curl_off_t or a
// pointer, and the handles are opaque, so the prototypes below have libcurl's ABI.
// The variadic setopt/getinfo functions take exactly one argument after the option;
// libcurl itself reads it by the option's type range (CURLOPTTYPE_*), and so does this.

#include "CurlLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

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

// Error codes for a missing library: CURLE_FAILED_INIT (2), CURLM_INTERNAL_ERROR (4),
// CURLUE_OUT_OF_MEMORY (7). PageFetcher checks province_curl_load() before any URLSession
// use, so these are only a floor.
enum { easy_failed = 2, multi_failed = 4, url_failed = 7 };

#define LOADED_OR(value) \
  if (!province_curl_load()) return value

void curl_easy_cleanup(void *handle) {
  if (province_curl_load()) real_curl_easy_cleanup(handle);
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
code_t curl_multi_add_handle(void *multi, void *easy) {
  LOADED_OR(multi_failed);
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
  return real_curl_multi_info_read(multi, left);
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
  return real_curl_url_get(url, part, out, flags);
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
