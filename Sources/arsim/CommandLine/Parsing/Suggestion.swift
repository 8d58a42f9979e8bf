/// "Did you mean" for commands, options and enumeration values: the candidate nearest to a
/// mistyped word by Damerau-Levenshtein distance (insertions, deletions, substitutions and
/// swaps of neighbours each count 1; letter case counts 0.5, rounded up with the rest), or the
/// one the word abbreviates.
enum Suggestion {
  /// The candidate that `word` abbreviates (at least 3 characters, one candidate only), else the
  /// closest candidate within `max(1, word.count / 3)` edits (for words of 3 characters or more:
  /// a shorter one is too far from everything), or `nil` when none is that close.
  /// Ties go to the candidate listed first, so the answer does not depend on hashing.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let trimmed = word.drop(while: { $0 == "-" })
    if trimmed.count >= 3 {
      let extended = candidates.filter { $0.hasPrefix(word) && $0 != word }
      if extended.count == 1 { return extended[0] }
    }
    guard word.count >= 3 else { return nil }
    let limit = max(1, word.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let d = distance(word, candidate)
      if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance in half edits (a case-only difference costs 1, any
  /// other edit 2), divided by 2 and rounded up.
  static func distance(_ a: String, _ b: String) -> Int {
    let s = Array(a)
    let t = Array(b)
    if s.isEmpty || t.isEmpty { return max(s.count, t.count) }
    func cost(_ x: Character, _ y: Character) -> Int {
      x == y ? 0 : (x.lowercased() == y.lowercased() ? 1 : 2)
    }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
    for i in 0...s.count { rows[i][0] = 2 * i }
    for j in 0...t.count { rows[0][j] = 2 * j }
    for i in 1...s.count {
      for j in 1...t.count {
        var d = min(
          rows[i - 1][j] + 2, rows[i][j - 1] + 2, rows[i - 1][j - 1] + cost(s[i - 1], t[j - 1]))
        if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] {
          d = min(d, rows[i - 2][j - 2] + 2)
        }
        rows[i][j] = d
      }
    }
    return (rows[s.count][t.count] + 1) / 2
  }
}
