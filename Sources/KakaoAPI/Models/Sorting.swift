import Foundation

extension Sequence where Element: SearchDocument {
    /// The documents by their plain title (tags removed, entities decoded) in `locale`'s collation:
    /// Korean by default, where 가 < 각 < 나 and Hangul comes before Latin; case and accents count
    /// after letters, and digits compare as numbers (`9` before `10`). Equal titles keep their order.
    public func sortedByTitle(locale: Locale = Locale(identifier: "ko_KR")) -> [Element] {
        let keyed = enumerated().map { (offset: $0.offset, title: $0.element.title.plain, element: $0.element) }
        return keyed.sorted { lhs, rhs in
            switch lhs.title.compare(rhs.title, options: [.numeric], range: nil, locale: locale) {
            case .orderedAscending: return true
            case .orderedDescending: return false
            case .orderedSame: return lhs.offset < rhs.offset
            }
        }.map(\.element)
    }

    /// The documents by the instant they were written, newest first unless `newestFirst` is false.
    ///
    /// Instants, never strings: `2024-01-01T00:00:00.000+09:00` is before `2023-12-31T16:00:00.000Z`,
    /// though its text sorts after. Equal instants keep their order.
    public func sortedByDatetime(newestFirst: Bool = true) -> [Element] {
        let keyed = enumerated().map { (offset: $0.offset, element: $0.element) }
        return keyed.sorted { lhs, rhs in
            if lhs.element.datetime != rhs.element.datetime {
                return newestFirst ? lhs.element.datetime > rhs.element.datetime : lhs.element.datetime < rhs.element.datetime
            }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
