import APICheckRecording
import Foundation
import WireFormat

/// The deprecation lifecycle of an operation, a parameter or a field, as teams announce it: `deprecated: true` first,
/// a sunset date (`x-sunset`, or a documented `Sunset` response header, RFC 8594), and only then the removal.
package struct Lifecycle {
    var deprecated = false
    /// The sunset date as written.
    var sunsetText: String?
    /// The sunset date, when ``sunsetText`` is one (`2026-06-30`, `2026-06-30T00:00:00Z` or an HTTP date).
    var sunset: Date?

    /// What `value` (an operation, a parameter or a schema) says of its lifecycle; `responses` are an operation's, whose
    /// `Sunset` header's example or `const` gives the date when `x-sunset` does not.
    init(of value: JSONValue, responses: JSONValue? = nil) {
        deprecated = value["deprecated"] == .bool(true)
        sunsetText = value["x-sunset"]?.stringValue
        if sunsetText == nil, case .object(let statuses)? = responses {
            for status in statuses {
                guard case .object(let headers)? = status.value["headers"] else { continue }
                for header in headers where header.key.lowercased() == "sunset" {
                    let schema = header.value["schema"]
                    let stated = header.value["example"] ?? schema?["const"] ?? schema?["example"] ?? schema?["default"]
                    if let text = stated?.stringValue { sunsetText = text }
                }
            }
        }
        sunset = sunsetText.flatMap(Self.date)
    }

    /// `2026-06-30` (the start of that day, UTC), an RFC 3339 date-time, or an HTTP date (`Tue, 30 Jun 2026 00:00:00 GMT`,
    /// as the `Sunset` header writes it).
    package static func date(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.utf8.count == 10, let day = try? ISO8601Timestamp(parsing: trimmed + "T00:00:00Z") { return day.date }
        if let stamp = try? ISO8601Timestamp(parsing: trimmed) { return stamp.date }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: trimmed)
    }

    /// `2026-06-30` for a message.
    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }
}

extension ContractDiff {
    /// An operation, parameter or field of the old version that the new one removed, reported as `rule` with `message`
    /// unless its lifecycle ran its course: deprecated in the old version, with no sunset date or one that has passed
    /// (``today``), its removal is `removed-after-deprecation`, as announced. Otherwise the removal is reported with what
    /// the lifecycle skipped: removed without having been deprecated, or before its sunset date.
    mutating func reportRemoval(
        _ rule: RuleID, _ message: String, _ lifecycle: Lifecycle, what: String, _ place: ChangePlace,
        _ pointer: String, old oldPointer: JSONPointer
    ) {
        if lifecycle.deprecated, lifecycle.sunsetText == nil || lifecycle.sunset.map({ $0 <= today }) == true {
            let sunset = lifecycle.sunset.map { " and its sunset date \(Lifecycle.day($0)) has passed" } ?? ""
            add(
                .breakingRemovedAfterDeprecation, place, pointer, old: oldPointer, new: nil,
                "\(what) was removed as announced: it was deprecated in the old version\(sunset) (\(message))")
            return
        }
        add(rule, place, pointer, old: oldPointer, new: nil, message)
        if !lifecycle.deprecated {
            add(
                .breakingRemovedWithoutDeprecation, place, pointer, old: oldPointer, new: nil,
                "\(what) was removed without having been deprecated (deprecated: true) in the old version")
        }
        if let sunset = lifecycle.sunset, today < sunset {
            add(
                .breakingRemovedBeforeSunset, place, pointer, old: oldPointer, new: nil,
                "\(what) was removed before its sunset date \(Lifecycle.day(sunset)) (today is \(Lifecycle.day(today)))")
        } else if lifecycle.sunset == nil, let text = lifecycle.sunsetText {
            add(
                .breakingRemovedBeforeSunset, place, pointer, old: oldPointer, new: nil,
                "\(what) was removed; its sunset \"\(text)\" is not a date (2026-06-30, an RFC 3339 date-time or an HTTP date)")
        }
    }

    /// The lifecycle of something in both versions: newly deprecated (info), or its sunset moved earlier.
    mutating func compareLifecycle(
        _ before: Lifecycle, _ after: Lifecycle, what: String, _ place: ChangePlace, _ pointer: String,
        old oldPointer: JSONPointer, new newPointer: JSONPointer
    ) {
        if after.deprecated && !before.deprecated {
            let sunset = after.sunset.map { ", sunset \(Lifecycle.day($0))" } ?? ""
            add(.breakingDeprecated, place, pointer, old: oldPointer, new: newPointer, "\(what) is deprecated\(sunset)")
        }
        if let old = before.sunset, let new = after.sunset, new < old {
            add(
                .breakingSunsetEarlier, place, pointer, old: oldPointer, new: newPointer,
                "\(what)'s sunset moved earlier: \(Lifecycle.day(old)) -> \(Lifecycle.day(new))")
        }
        guard after.deprecated else { return }
        if let old = before.sunset, after.sunsetText == nil {
            // Deprecated with no sunset date may be removed at any time.
            add(
                .breakingSunsetEarlier, place, pointer, old: oldPointer, new: newPointer,
                "\(what)'s sunset date \(Lifecycle.day(old)) was removed: deprecated with none, it may be removed at any time")
        }
        if let text = after.sunsetText, after.sunset == nil, text != before.sunsetText {
            add(
                .breakingSunsetInvalid, place, pointer, old: oldPointer, new: newPointer,
                "\(what)'s sunset \"\(text)\" is not a date (2026-06-30, an RFC 3339 date-time or an HTTP date): "
                    + "no one can tell when it goes")
        }
    }
}
