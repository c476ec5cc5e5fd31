#ifndef CURL_LOADER_H
#define CURL_LOADER_H

/// libcurl, loaded when it is first used rather than when `browse` starts.
///
/// Foundation's URLSession calls libcurl; linked as usual, the dynamic loader maps
/// libcurl and its ~30 libraries (TLS, Kerberos, LDAP, SSH…) at every start, about 4 ms,
/// though only an https fetch uses them. This target defines the 23 libcurl functions
/// Foundation calls and forwards each to the real one, which `dlopen` finds the first
/// time. Returns 1 when libcurl could be loaded, 0 when it is not installed.
///
/// A toolchain whose Foundation calls a libcurl function not listed in CurlLoader.c fails
/// to link the static build with that function's name (the list is the undefined curl_*
/// symbols of lib_CFURLSessionInterface.a: `nm -u`); add it to FUNCTIONS there.
int province_curl_load(void);

/// Bounds libcurl's connection cache (CURLMOPT_MAXCONNECTS) of every multi handle from
/// the next transfer on: idle kept-alive connections hold descriptors too, and `--check`
/// under a low open-file limit must count them. 0 leaves libcurl's default.
void province_curl_limit_connections(long count);

/// Bounds the decoded body of every transfer from the next on to `bytes` and a MiB of
/// slack, the largest asked for so far: past it libcurl stops the transfer at once rather
/// than decode all it has read (a gzip bomb), which every other transfer waits for. The
/// fetch itself has settled by then (its own limit is lower).
void province_curl_limit_body(long bytes);

/// How many transfers `province_curl_limit_body`'s bound has stopped (for the tests).
long province_curl_bodies_cut(void);

/// The most header lines one transfer may bring (status lines, 1xx blocks, a proxy's
/// CONNECT answer and chunked trailers included); past it the transfer is refused.
#define PROVINCE_HEADER_LINE_LIMIT 1000
/// The most bytes of header lines one transfer may bring (curl allows 300 KB).
#define PROVINCE_HEADER_BYTE_LIMIT 262144
/// The error text a transfer refused for its header block ends with (Foundation reports
/// it as the error's description); FetchError.from recognises it.
#define PROVINCE_HEADER_REFUSAL \
  "province-browser: header block over 1000 lines or 256 KB refused"
/// The error text of a transfer whose body ran a MiB past every fetch's limit and was
/// stopped (a redirect's or an error page's body, which no fetch takes in as a page).
#define PROVINCE_BODY_REFUSAL "province-browser: body past every fetch's size limit stopped"

#endif
