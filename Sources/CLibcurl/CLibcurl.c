#include "CLibcurl.h"

#if defined(__linux__)

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// libcurl's functions, as curl.h declares them (`CURL *` is `void *`, `CURLcode`, `CURLoption` and `CURLINFO` are int).
static void *(*easy_init)(void);
static void (*easy_cleanup)(void *);
static int (*easy_perform)(void *);
static const char *(*easy_strerror)(int);
static int (*easy_setopt)(void *, int, ...);
static int (*easy_getinfo)(void *, int, ...);
static void *(*slist_append)(void *, const char *);
static void (*slist_free_all)(void *);
static int (*global_init)(long);

static pthread_once_t once = PTHREAD_ONCE_INIT;
static const char *failure;
static char failure_text[512];

static int take(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    if (*function != NULL) return 1;
    snprintf(failure_text, sizeof failure_text, "libcurl.so.4 has no %s", name);
    failure = failure_text;
    return 0;
}

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(failure_text, sizeof failure_text, "%s", why != NULL ? why : "libcurl.so.4 cannot be loaded");
        failure = failure_text;
        return;
    }
    if (!take(library, "curl_easy_init", (void **)&easy_init) || !take(library, "curl_easy_cleanup", (void **)&easy_cleanup)
        || !take(library, "curl_easy_perform", (void **)&easy_perform)
        || !take(library, "curl_easy_strerror", (void **)&easy_strerror)
        || !take(library, "curl_easy_setopt", (void **)&easy_setopt)
        || !take(library, "curl_easy_getinfo", (void **)&easy_getinfo)
        || !take(library, "curl_slist_append", (void **)&slist_append)
        || !take(library, "curl_slist_free_all", (void **)&slist_free_all)
        || !take(library, "curl_global_init", (void **)&global_init)) {
        return;
    }
    // CURL_GLOBAL_DEFAULT: SSL and (on Windows) sockets; once, before any handle, as libcurl asks.
    if (global_init(3) != 0) {
        snprintf(failure_text, sizeof failure_text, "curl_global_init failed");
        failure = failure_text;
    }
}

const char *apicheck_curl_load(void) {
    pthread_once(&once, load);
    return failure;
}

void *apicheck_curl_easy_init(void) { return easy_init(); }
void apicheck_curl_easy_cleanup(void *handle) { easy_cleanup(handle); }
int apicheck_curl_easy_perform(void *handle) { return easy_perform(handle); }
const char *apicheck_curl_easy_strerror(int code) { return easy_strerror(code); }
int apicheck_curl_setopt_long(void *handle, int option, long value) { return easy_setopt(handle, option, value); }
int apicheck_curl_setopt_pointer(void *handle, int option, const void *value) { return easy_setopt(handle, option, value); }
int apicheck_curl_setopt_offset(void *handle, int option, int64_t value) { return easy_setopt(handle, option, value); }
int apicheck_curl_setopt_data_callback(void *handle, int option, apicheck_curl_data_callback callback) {
    return easy_setopt(handle, option, callback);
}
int apicheck_curl_setopt_progress_callback(void *handle, int option, apicheck_curl_progress_callback callback) {
    return easy_setopt(handle, option, callback);
}
int apicheck_curl_getinfo_long(void *handle, int info, long *value) { return easy_getinfo(handle, info, value); }
void *apicheck_curl_slist_append(void *list, const char *text) { return slist_append(list, text); }
void apicheck_curl_slist_free_all(void *list) { slist_free_all(list); }

#endif
