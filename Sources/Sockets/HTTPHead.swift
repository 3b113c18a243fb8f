/// Where an HTTP/1.1 head ends in `bytes`, searching from `from`: the end of its last line and the
/// start of what follows the blank line (`\r\n\r\n`, or a bare `\n\n`, as RFC 9112 allows a
/// recipient to accept).
public func endOfHTTPHead(_ bytes: [UInt8], from: Int) -> (lines: Int, body: Int)? {
    var index = from
    while index < bytes.count {
        if bytes[index] == 0x0A {
            if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
            if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return (index, index + 3) }
        }
        index += 1
    }
    return nil
}
