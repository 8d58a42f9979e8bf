/// Counts how often each optional branch of a property test ran (`if let`, a loop over results),
/// so that a property whose branch never runs fails instead of passing having checked nothing:
///
/// ```swift
/// var reached = BranchCoverage()
/// for _ in 0..<500 {
///   if let unit = v.normalized() { reached.count("normalized"); #expect(...) }
/// }
/// #expect(reached.shortfalls(atLeast: 400, "normalized") == [])
/// ```
public struct BranchCoverage: Sendable {
  /// Runs per branch name.
  public private(set) var counts: [String: Int] = [:]

  /// Creates an empty counter.
  public init() {}

  /// Records one run of `branch`.
  public mutating func count(_ branch: String, by amount: Int = 1) {
    counts[branch, default: 0] += amount
  }

  /// The branches among `branches` that ran fewer than `minimum` times, as
  /// `"name ran n times, expected >= minimum"` (empty when all ran often enough).
  public func shortfalls(atLeast minimum: Int, _ branches: String...) -> [String] {
    branches.compactMap { branch in
      let n = counts[branch, default: 0]
      return n >= minimum ? nil : "\(branch) ran \(n) times, expected >= \(minimum)"
    }
  }
}
