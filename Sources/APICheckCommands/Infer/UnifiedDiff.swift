/// A unified diff of two texts, line by line, with ASCII `-` and `+` (so `patch` and highlighters read it).
public enum UnifiedDiff {
    /// The diff from `old` to `new`, or the empty string when they are equal.
    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if a == b { return "" }
        // Longest common subsequence table, from the end.
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        enum Edit { case same(String), removed(String), added(String) }
        var edits: [Edit] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                edits.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || table[i + 1][j] >= table[i][j + 1] {
                edits.append(.removed(a[i]))
                i += 1
            } else {
                edits.append(.added(b[j]))
                j += 1
            }
        }
        // Group changes into hunks with `context` lines around them.
        var output = ["--- \(oldName)", "+++ \(newName)"]
        let changed = edits.indices.filter { if case .same = edits[$0] { return false } else { return true } }
        var index = 0
        while index < changed.count {
            let first = max(changed[index] - context, 0)
            var last = min(changed[index] + context, edits.count - 1)
            while index + 1 < changed.count, changed[index + 1] - context <= last + 1 {
                index += 1
                last = min(changed[index] + context, edits.count - 1)
            }
            var oldLine = 1
            var newLine = 1
            for edit in edits[..<first] {
                switch edit {
                case .same:
                    oldLine += 1
                    newLine += 1
                case .removed: oldLine += 1
                case .added: newLine += 1
                }
            }
            var oldCount = 0
            var newCount = 0
            var body: [String] = []
            for edit in edits[first...last] {
                switch edit {
                case .same(let line):
                    body.append(" " + line)
                    oldCount += 1
                    newCount += 1
                case .removed(let line):
                    body.append("-" + line)
                    oldCount += 1
                case .added(let line):
                    body.append("+" + line)
                    newCount += 1
                }
            }
            output.append("@@ -\(oldLine),\(oldCount) +\(newLine),\(newCount) @@")
            output += body
            index += 1
        }
        return output.joined(separator: "\n") + "\n"
    }
}
