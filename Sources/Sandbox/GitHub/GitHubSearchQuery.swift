/// A search `q` as the replica reads it: words that must all appear in the name, full name or
/// description, and the qualifiers `language:`, `user:`, `org:`, `stars:` (`>N`, `>=N`, `<N`, `<=N`,
/// `N..M`, `N`), `fork:` and `is:public`.
struct GitHubSearchQuery {
    var words: [String] = []
    var language: String?
    var owner: String?
    var stars: ClosedRange<Int>?
    var nothing = false

    init(_ q: String) {
        for token in q.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let parts = token.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty else {
                words.append(token.lowercased())
                continue
            }
            let value = parts[1]
            switch parts[0].lowercased() {
            case "language": language = value.lowercased()
            case "user", "org": owner = value.lowercased()
            case "stars":
                stars =
                    Self.range(value)
                    ?? {
                        nothing = true
                        return nil
                    }()
            case "fork", "is", "in": continue  // every replica repository is public and not a fork
            default: words.append(token.lowercased())
            }
        }
    }

    func matches(_ repository: GitHubRepository) -> Bool {
        if nothing { return false }
        if let language, repository.language?.lowercased() != language { return false }
        if let owner, repository.owner.login.lowercased() != owner { return false }
        if let stars, !stars.contains(repository.stars) { return false }
        let text = (repository.fullName + " " + (repository.description ?? "")).lowercased()
        return words.allSatisfy { text.contains($0) }
    }

    static func range(_ text: String) -> ClosedRange<Int>? {
        if text.hasPrefix(">="), let n = Int(text.dropFirst(2)) { return n...Int.max }
        if text.hasPrefix("<="), let n = Int(text.dropFirst(2)) { return Int.min...n }
        if text.hasPrefix(">"), let n = Int(text.dropFirst()), n < Int.max { return (n + 1)...Int.max }
        if text.hasPrefix("<"), let n = Int(text.dropFirst()), n > Int.min { return Int.min...(n - 1) }
        let bounds = text.components(separatedBy: "..")
        if bounds.count == 2, let low = Int(bounds[0]), let high = Int(bounds[1]), low <= high { return low...high }
        if let n = Int(text) { return n...n }
        return nil
    }
}
