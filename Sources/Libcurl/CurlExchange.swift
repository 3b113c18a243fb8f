#if os(Linux)
    import CLibcurl

    /// One HTTP exchange through libcurl, on Linux, the library loaded when the first exchange is made: the `https://`
    /// client of the live runner and `apicheck serve`'s upstream. Linked instead, libcurl and the thirty libraries it
    /// needs (TLS, Kerberos, LDAP, SSH, IDN) were loaded at every start of every command, though most never send a
    /// request (`apicheck --version` took 11 ms, 5 ms without them).
    ///
    /// It sends the request's own headers, and `Host` and `Content-Length` as the request needs them: none of
    /// libcurl's own (`Accept: */*`, a form `Content-Type` for a body without one, `Expect: 100-continue`).
    package struct CurlExchange: Sendable {
        package var method: String
        package var url: String
        package var headers: [(String, String)]
        package var body: [UInt8]?
        /// Follows redirects (as URLSession does, for `apicheck serve`'s upstream) instead of answering with one.
        package var followsRedirects = false
        /// Asks for every encoding libcurl decodes and decodes the body (as URLSession does); otherwise nothing is
        /// decoded, and no `Accept-Encoding` is sent but the request's own.
        package var decodesBodies = false
        /// The whole exchange's limit in milliseconds (at least 1): connecting, sending, and the whole body.
        package var timeoutMilliseconds: Int?
        /// An exchange that moves no byte for this many seconds ends (URLSession's request timeout).
        package var idleSeconds: Int?

        package init(method: String, url: String, headers: [(String, String)], body: [UInt8]?) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
        }

        /// A response's status line and header fields, as they came (names as the server wrote them, repeated ones apart).
        package struct Head: Sendable {
            package let status: Int
            package let headers: [(String, String)]
        }

        /// Why an exchange ended without a response.
        package struct Failure: Error, Sendable {
            /// libcurl's `CURLcode`; 0 when libcurl could not be loaded.
            package let code: Int32
            /// libcurl's words for it (its error buffer, else `curl_easy_strerror`), or why libcurl could not be loaded.
            package let message: String
            /// Whether the caller ended it (``Observer``: a head or body it refused, or ``Observer/isStopped``).
            package let stopped: Bool
            /// The `errno` of the failed connect or read, where libcurl kept one (`CURLINFO_OS_ERRNO`); 0 otherwise.
            package var systemError: Int32 = 0

            package static let couldNotConnect: Int32 = 7
            package static let couldNotResolveHost: Int32 = 6
            package static let partialFile: Int32 = 18
            package static let timedOut: Int32 = 28
            package static let tlsConnectFailed: Int32 = 35
            package static let gotNothing: Int32 = 52
            package static let sendFailed: Int32 = 55
            package static let receiveFailed: Int32 = 56
            package static let clientCertificateProblem: Int32 = 58
            package static let peerNotVerified: Int32 = 60
            package static let caCertificateFile: Int32 = 77
            package static let issuerCheck: Int32 = 83
        }

        /// What the caller is told as the exchange goes, on the thread that performs it, and asked whether to go on.
        package struct Observer: Sendable {
            /// A final response's head (not a `1xx`); false ends the exchange before its body.
            package var head: @Sendable (Head) -> Bool = { _ in true }
            /// The next bytes of the body; false ends the exchange.
            package var body: @Sendable (UnsafeRawBufferPointer) -> Bool = { _ in true }
            /// Asked while the exchange waits (at least once a second); true ends it (a deadline, Ctrl-C).
            package var isStopped: @Sendable () -> Bool = { false }

            package init() {}
        }

        /// Performs the exchange on the calling thread, which it holds until the exchange ends: the last response's head
        /// (its body went to `observer`), or why there is none.
        package func perform(_ observer: Observer) -> Result<Head, Failure> {
            if let why = apicheck_curl_load() {
                return .failure(
                    Failure(
                        code: 0,
                        message:
                            "libcurl (libcurl.so.4: the libcurl4 package on Debian and Ubuntu) cannot be loaded: \(String(cString: why))",
                        stopped: false))
            }
            guard let handle = apicheck_curl_easy_init() else {
                return .failure(Failure(code: 0, message: "libcurl could not start an exchange (curl_easy_init)", stopped: false))
            }
            defer { apicheck_curl_easy_cleanup(handle) }
            var list: UnsafeMutableRawPointer?
            defer { if let list { apicheck_curl_slist_free_all(list) } }
            for line in headerLines() {
                guard let longer = apicheck_curl_slist_append(list, line) else {
                    return .failure(Failure(code: 0, message: "libcurl could not take the request's headers", stopped: false))
                }
                list = longer
            }
            let transfer = Transfer(observer)
            var errors = [CChar](repeating: 0, count: 256)
            let code = errors.withUnsafeMutableBufferPointer { buffer -> Int32 in
                let context = Unmanaged.passUnretained(transfer).toOpaque()
                configure(handle, headers: list, context: context, errors: buffer.baseAddress)
                return apicheck_curl_easy_perform(handle)
            }
            if code == 0, let head = transfer.last { return .success(head) }
            let written = String(decoding: errors.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let message =
                code == 0 ? "no HTTP response" : written.isEmpty ? String(cString: apicheck_curl_easy_strerror(code)) : written
            var failure = Failure(code: code, message: message, stopped: transfer.stopped)
            var systemError = 0
            if apicheck_curl_getinfo_long(handle, Info.systemError, &systemError) == 0 {
                failure.systemError = Int32(truncatingIfNeeded: systemError)
            }
            return .failure(failure)
        }

        /// The body sent: the request's, or an empty one for a `POST`, `PUT` or `PATCH` without one (`Content-Length: 0`, as
        /// the plain-HTTP client sends it: a server may refuse such a request without a length with 411).
        var sentBody: [UInt8]? {
            body ?? (["POST", "PUT", "PATCH"].contains(method) ? [] : nil)
        }

        /// The request's header lines for libcurl: its own (framing headers aside), and empty ones that keep libcurl's out.
        func headerLines() -> [String] {
            func has(_ name: String) -> Bool { headers.contains { $0.0.lowercased() == name } }
            var lines: [String] = []
            for (name, value) in headers where !["content-length", "transfer-encoding"].contains(name.lowercased()) {
                // `Name;` is how libcurl sends a header with an empty value (`Name:` would remove it).
                lines.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
            }
            if !has("accept") { lines.append("Accept:") }
            if sentBody != nil, !has("content-type") { lines.append("Content-Type:") }
            if !has("expect") { lines.append("Expect:") }
            return lines
        }

        private func configure(
            _ handle: UnsafeMutableRawPointer, headers: UnsafeMutableRawPointer?, context: UnsafeMutableRawPointer,
            errors: UnsafeMutablePointer<CChar>?
        ) {
            // libcurl copies the strings it is given (not a body: COPYPOSTFIELDS copies it).
            _ = apicheck_curl_setopt_pointer(handle, Option.url, url)
            _ = apicheck_curl_setopt_long(handle, Option.noSignal, 1)
            // http and https only, followed redirects too (as URLSession on Linux): libcurl speaks a score of other protocols.
            _ = apicheck_curl_setopt_long(handle, Option.protocols, Option.httpAndHTTPS)
            _ = apicheck_curl_setopt_long(handle, Option.redirectProtocols, Option.httpAndHTTPS)
            _ = apicheck_curl_setopt_pointer(handle, Option.errorBuffer, errors)
            _ = apicheck_curl_setopt_pointer(handle, Option.httpHeader, headers)
            if method == "HEAD" {
                _ = apicheck_curl_setopt_long(handle, Option.noBody, 1)
            } else if method != "GET" || sentBody != nil {
                _ = apicheck_curl_setopt_pointer(handle, Option.customRequest, method)
            }
            if let body = sentBody {
                _ = apicheck_curl_setopt_offset(handle, Option.postFieldSize, Int64(body.count))
                if body.isEmpty {
                    _ = apicheck_curl_setopt_pointer(handle, Option.copyPostFields, "")
                } else {
                    _ = body.withUnsafeBytes { apicheck_curl_setopt_pointer(handle, Option.copyPostFields, $0.baseAddress) }
                }
            }
            _ = apicheck_curl_setopt_long(handle, Option.followLocation, followsRedirects ? 1 : 0)
            if followsRedirects { _ = apicheck_curl_setopt_long(handle, Option.maximumRedirects, 16) }
            if decodesBodies { _ = apicheck_curl_setopt_pointer(handle, Option.acceptEncoding, "") }
            if let timeoutMilliseconds {
                // 0 is "no limit" to libcurl.
                _ = apicheck_curl_setopt_long(handle, Option.timeoutMilliseconds, max(1, timeoutMilliseconds))
            }
            if let idleSeconds {
                _ = apicheck_curl_setopt_long(handle, Option.lowSpeedLimit, 1)
                _ = apicheck_curl_setopt_long(handle, Option.lowSpeedTime, max(1, idleSeconds))
            }
            _ = apicheck_curl_setopt_data_callback(handle, Option.headerFunction, onHeader)
            _ = apicheck_curl_setopt_pointer(handle, Option.headerData, context)
            _ = apicheck_curl_setopt_data_callback(handle, Option.writeFunction, onBody)
            _ = apicheck_curl_setopt_pointer(handle, Option.writeData, context)
            _ = apicheck_curl_setopt_long(handle, Option.noProgress, 0)
            _ = apicheck_curl_setopt_progress_callback(handle, Option.progressFunction, onProgress)
            _ = apicheck_curl_setopt_pointer(handle, Option.progressData, context)
        }

        /// curl.h's numbers of the information read here.
        enum Info {
            static let systemError: Int32 = 0x20_0000 + 25
        }

        /// curl.h's numbers of the options set here.
        enum Option {
            static let writeData: Int32 = 10001
            static let url: Int32 = 10002
            static let errorBuffer: Int32 = 10010
            static let lowSpeedLimit: Int32 = 19
            static let lowSpeedTime: Int32 = 20
            static let writeFunction: Int32 = 20011
            static let httpHeader: Int32 = 10023
            static let headerData: Int32 = 10029
            static let customRequest: Int32 = 10036
            static let noProgress: Int32 = 43
            static let noBody: Int32 = 44
            static let followLocation: Int32 = 52
            static let progressData: Int32 = 10057
            static let maximumRedirects: Int32 = 68
            static let headerFunction: Int32 = 20079
            static let noSignal: Int32 = 99
            static let protocols: Int32 = 181
            static let redirectProtocols: Int32 = 182
            /// `CURLPROTO_HTTP | CURLPROTO_HTTPS`.
            static let httpAndHTTPS = 3
            static let acceptEncoding: Int32 = 10102
            static let postFieldSize: Int32 = 30120
            static let timeoutMilliseconds: Int32 = 155
            static let copyPostFields: Int32 = 10165
            static let progressFunction: Int32 = 20219
        }
    }

    /// One exchange's state, shared with libcurl's callbacks (which run on the performing thread only).
    private final class Transfer {
        let observer: CurlExchange.Observer
        /// The head being read: its status, once its status line came, and its fields so far.
        var status: Int?
        var fields: [(String, String)] = []
        /// The last final head read whole.
        var last: CurlExchange.Head?
        /// Whether the observer ended the exchange.
        var stopped = false

        init(_ observer: CurlExchange.Observer) {
            self.observer = observer
        }

        /// One line of a head, as libcurl hands them: a status line, a field, or the empty line that ends the head.
        func take(_ line: UnsafeRawBufferPointer) -> Bool {
            var end = line.count
            while end > 0, line[end - 1] == UInt8(ascii: "\n") || line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: line[0..<end]), as: UTF8.self)
            if text.hasPrefix("HTTP/") {
                // `HTTP/1.1 200 OK`, `HTTP/2 200`: a new head (after a 1xx, or a redirect followed).
                let parts = text.split(separator: " ", maxSplits: 2)
                status = parts.count > 1 ? Int(parts[1]) : nil
                fields = []
                return true
            }
            guard let current = status else { return true }  // a trailer after the body, or a line before any status
            if end == 0 {
                status = nil
                guard current >= 200 else { return true }
                let head = CurlExchange.Head(status: current, headers: fields)
                last = head
                guard observer.head(head) else {
                    stopped = true
                    return false
                }
                return true
            }
            guard let colon = text.firstIndex(of: ":") else { return true }
            let name = String(text[..<colon])
            let value = Self.trimmed(text[text.index(after: colon)...])
            fields.append((name, value))
            return true
        }

        /// `text` without the spaces and tabs around it.
        static func trimmed(_ text: Substring) -> String {
            String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        }
    }

    private func transfer(_ context: UnsafeMutableRawPointer?) -> Transfer? {
        context.map { Unmanaged<Transfer>.fromOpaque($0).takeUnretainedValue() }
    }

    /// `CURLOPT_HEADERFUNCTION`: one whole line of a head.
    private let onHeader: apicheck_curl_data_callback = { data, size, count, context in
        let total = size * count
        guard let transfer = transfer(context), let data else { return 0 }
        return transfer.take(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
    }

    /// `CURLOPT_WRITEFUNCTION`: the next bytes of the body.
    private let onBody: apicheck_curl_data_callback = { data, size, count, context in
        let total = size * count
        guard let transfer = transfer(context), let data else { return 0 }
        guard transfer.observer.body(UnsafeRawBufferPointer(start: data, count: total)) else {
            transfer.stopped = true
            return 0
        }
        return total
    }

    /// `CURLOPT_XFERINFOFUNCTION`: asks the observer whether to go on.
    private let onProgress: apicheck_curl_progress_callback = { context, _, _, _, _ in
        guard let transfer = transfer(context) else { return 1 }
        guard transfer.observer.isStopped() else { return 0 }
        transfer.stopped = true
        return 1
    }
#endif
