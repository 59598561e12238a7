/// Did-you-mean: the name nearest to a misspelt one, for every message that
/// suggests one (commands, options, keys of a policy, batch operations).
public enum NearestName {
    /// The candidate nearest to `word` by edit distance, when it is near
    /// enough to be a likely typo.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (String, Int)? = nil
        for candidate in candidates {
            let distance = editDistance(Array(word.utf8), Array(candidate.utf8))
            if distance <= max(1, candidate.utf8.count / 3), best == nil || distance < best!.1 {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Damerau–Levenshtein distance (optimal string alignment), so that a
    /// transposition like 'mvoe' is one edit from 'move'.
    public static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
