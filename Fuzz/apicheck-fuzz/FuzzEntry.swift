import APICheckFuzzing
import Foundation

#if FUZZING
    // Built by Scripts/fuzz.sh with -sanitize=fuzzer: libFuzzer owns main and calls this for every input.
    // The target comes from APICHECK_FUZZ_TARGET; a broken invariant traps, so that libFuzzer keeps the input.
    private let target: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["APICHECK_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError(
                "APICHECK_FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")); it is \"\(name)\"")
        }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
        let bytes = Array(UnsafeBufferPointer(start: data, count: size))
        do {
            try target.run(bytes)
        } catch {
            fatalError("\(target.rawValue): \(error)")
        }
        return 0
    }

    // SwiftPM links an executable target with `main` renamed to `<module>_main` (so that tests can link it),
    // which leaves libFuzzer's own `main` out: start its driver from the renamed entry point instead.
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt

    @_cdecl("apicheck_fuzz_main")
    public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        var count = argc
        var arguments = argv
        return runFuzzerDriver(&count, &arguments) { data, size in
            guard let data, size > 0 else { return fuzzOneInput(UnsafePointer(bitPattern: 1)!, 0) }
            return fuzzOneInput(data, size)
        }
    }
#else
    /// Without libFuzzer: `apicheck-fuzz TARGET FILE...` runs files through a target, for reproducing a crash
    /// in a debugger or checking a corpus. Exit 1 when an input breaks an invariant.
    @main
    struct FuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "--describe-http" { describeHTTP(Array(arguments.dropFirst())) }
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                let targets = FuzzTarget.allCases.map {
                    "  \($0.rawValue.padding(toLength: 10, withPad: " ", startingAt: 0)) \($0.summary)"
                }
                print(
                    "usage: apicheck-fuzz TARGET FILE...\n(fuzzing itself: Scripts/fuzz.sh; see docs/FUZZING.md)\n\ntargets:\n\(targets.joined(separator: "\n"))"
                )
                exit(arguments.isEmpty ? 0 : 2)
            }
            var failed = false
            for file in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: file) else {
                    print("\(file): cannot read the file")
                    exit(2)
                }
                do {
                    try target.run(Array(data))
                    print("\(file): ok")
                } catch {
                    print("\(file): \(error)")
                    failed = true
                }
            }
            exit(failed ? 1 : 0)
        }

        /// `apicheck-fuzz --describe-http request` or `--describe-http response GET|HEAD`: reads inputs from stdin,
        /// each a 4-byte big-endian length and that many bytes, and prints one line of JSON per input saying what the
        /// HTTP/1.1 codec read (`Scripts/http-differential.py` compares it with h11).
        static func describeHTTP(_ arguments: [String]) -> Never {
            guard let kind = arguments.first, kind == "request" || (kind == "response" && arguments.count == 2) else {
                print("usage: apicheck-fuzz --describe-http request | response GET|HEAD  (inputs on stdin, length-prefixed)")
                exit(2)
            }
            let input = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
            var offset = 0
            var lines: [String] = []
            while offset + 4 <= input.count {
                let length = input[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
                offset += 4
                guard offset + length <= input.count else { break }
                let bytes = Array(input[offset..<(offset + length)])
                offset += length
                lines.append(FuzzTarget.describeHTTP(bytes, response: kind == "response", method: arguments.last ?? "GET"))
            }
            print(lines.joined(separator: "\n"))
            exit(0)
        }
    }
#endif
