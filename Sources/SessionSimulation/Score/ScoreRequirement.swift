import Foundation
import SceneFormat

/// A condition on one number of a score, for CI gates (`arsim score --require 'mota>=0.9'`):
/// a metric key of ``PlacementScore/metricTable``, a comparison (`>=`, `<=`, `>`, `<`) and a
/// number. An undefined metric (`null` in the JSON) fails every requirement.
public struct ScoreRequirement: Sendable, Hashable, CustomStringConvertible {
  /// A comparison.
  public enum Comparison: String, Sendable, Hashable, CaseIterable {
    /// `>=`
    case atLeast = ">="
    /// `<=`
    case atMost = "<="
    /// `>`
    case greaterThan = ">"
    /// `<`
    case lessThan = "<"

    func holds(_ value: Double, _ bound: Double) -> Bool {
      switch self {
      case .atLeast: value >= bound
      case .atMost: value <= bound
      case .greaterThan: value > bound
      case .lessThan: value < bound
      }
    }
  }

  /// Why an expression is not a requirement.
  public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the expression.
    public let message: String
    /// The message.
    public var description: String { message }
  }

  /// The metric key.
  public let metric: String
  /// The comparison.
  public let comparison: Comparison
  /// The bound.
  public let bound: Double

  /// Parses `KEY OP NUMBER` (spaces allowed around the operator), e.g. `mota>=0.9` or
  /// `placementErrorRmsMm < 20`.
  ///
  /// - Throws: ``ParseError`` naming the unknown metric (and listing the valid ones), a missing
  ///   operator or a bound that is not a finite number.
  public init(parsing expression: String) throws(ParseError) {
    // Two-character operators first, so `>=` is not read as `>` followed by `=0.9`.
    let operators = Comparison.allCases.sorted { $0.rawValue.count > $1.rawValue.count }
    guard
      let (comparison, range) = operators.lazy.compactMap({ op in
        expression.range(of: op.rawValue).map { (op, $0) }
      }).min(by: { $0.1.lowerBound < $1.1.lowerBound })
    else {
      throw ParseError(
        message: "\"\(expression)\" has no comparison; write KEY>=NUMBER (or <=, >, <)")
    }
    let key = expression[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
    let text = expression[range.upperBound...].trimmingCharacters(in: .whitespaces)
    guard PlacementScore.metric(named: key) != nil else {
      let keys = PlacementScore.metricTable.map(\.key).joined(separator: ", ")
      throw ParseError(message: "unknown metric \"\(key)\" in \"\(expression)\"; valid: \(keys)")
    }
    guard let bound = Double(text), bound.isFinite else {
      throw ParseError(message: "\"\(text)\" in \"\(expression)\" is not a finite number")
    }
    metric = key
    self.comparison = comparison
    self.bound = bound
  }

  /// The metric's value in `score` and whether the requirement holds (never for an undefined
  /// value).
  public func check(_ score: PlacementScore) -> (value: Double?, holds: Bool) {
    guard let value = PlacementScore.metric(named: metric)?.value(in: score) else {
      return (nil, false)
    }
    return (value, comparison.holds(value, bound))
  }

  /// `mota>=0.9`.
  public var description: String {
    "\(metric)\(comparison.rawValue)\(JSONWriter.text(of: bound))"
  }
}
