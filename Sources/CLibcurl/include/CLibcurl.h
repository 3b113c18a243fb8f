#ifndef APICHECK_CLIBCURL_H
#define APICHECK_CLIBCURL_H

// libcurl, loaded when the first exchange needs it (Linux). apicheck's https client and `apicheck serve`'s upstream
// use it; linking it instead loaded libcurl and the thirty libraries it needs (TLS, Kerberos, LDAP, SSH, IDN) at
// every start of every command, about 6 ms, though most commands never make a request.
//
// The functions take and return libcurl's own values (`CURL *` as `void *`, `CURLcode` as `int`, option and info
// numbers as curl.h defines them); each calls the function of the same name in the loaded library, its variadic
// ones through a pointer of their variadic type. No header of libcurl is needed to build this.

#include <stddef.h>
#include <stdint.h>

#if defined(__linux__)

/// A body or header callback (`CURLOPT_WRITEFUNCTION`, `CURLOPT_HEADERFUNCTION`).
typedef size_t (*apicheck_curl_data_callback)(char *data, size_t size, size_t count, void *context);
/// A progress callback (`CURLOPT_XFERINFOFUNCTION`): non-zero ends the transfer.
typedef int (*apicheck_curl_progress_callback)(void *context, int64_t download_total, int64_t downloaded,
                                               int64_t upload_total, int64_t uploaded);

/// Loads libcurl (`libcurl.so.4`) and calls `curl_global_init` the first time; NULL once it is loaded, else why it
/// cannot be (dlopen's or dlsym's words), the same on every call.
const char *apicheck_curl_load(void);

void *apicheck_curl_easy_init(void);
void apicheck_curl_easy_cleanup(void *handle);
int apicheck_curl_easy_perform(void *handle);
const char *apicheck_curl_easy_strerror(int code);
int apicheck_curl_setopt_long(void *handle, int option, long value);
int apicheck_curl_setopt_pointer(void *handle, int option, const void *value);
int apicheck_curl_setopt_offset(void *handle, int option, int64_t value);
int apicheck_curl_setopt_data_callback(void *handle, int option, apicheck_curl_data_callback callback);
int apicheck_curl_setopt_progress_callback(void *handle, int option, apicheck_curl_progress_callback callback);
int apicheck_curl_getinfo_long(void *handle, int info, long *value);
void *apicheck_curl_slist_append(void *list, const char *text);
void apicheck_curl_slist_free_all(void *list);

#endif

#endif
