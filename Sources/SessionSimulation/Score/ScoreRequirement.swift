import Foundation
import SceneFormat

/// A condition on one figure of a score, for CI gates (`arsim score --require 'mota>=0.9'`,
/// `--require 'bestFitMistake==none'`): a metric key of ``PlacementScore/metricTable``, a
/// comparison and a value (a number, or for a text metric one of its values). An undefined
/// metric (`null` in the JSON) fails every requirement.
public struct ScoreRequirement: Sendable, Hashable, CustomStringConvertible {
  /// A comparison: the first four for numbers, the last two for numbers and texts.
  public enum Comparison: String, Sendable, Hashable, CaseIterable {
    /// `>=`
    case atLeast = ">="
    /// `<=`
    case atMost = "<="
    /// `>`
    case greaterThan = ">"
    /// `<`
    case lessThan = "<"
    /// `==`
    case equal = "=="
    /// `!=`
    case notEqual = "!="

    /// Whether it compares texts too (`==`, `!=`), not only numbers.
    public var appliesToText: Bool { self == .equal || self == .notEqual }

    func holds(_ value: PlacementScore.Metric.Value, _ operand: PlacementScore.Metric.Value)
      -> Bool
    {
      switch (value, operand) {
      case (.number(let x), .number(let y)):
        switch self {
        case .atLeast: x >= y
        case .atMost: x <= y
        case .greaterThan: x > y
        case .lessThan: x < y
        case .equal: x == y
        case .notEqual: x != y
        }
      case (.text(let x), .text(let y)):
        self == .equal ? x == y : self == .notEqual ? x != y : false
      default: false
      }
    }

    /// The operators, as a usage message lists them: `>=, <=, >, <, == or !=`.
    static func listed(_ comparisons: [Comparison]) -> String {
      let names = comparisons.map(\.rawValue)
      guard let last = names.last else { return "" }
      return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
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
  /// The value compared with: a number, or a text for a text metric.
  public let operand: PlacementScore.Metric.Value

  /// Parses `KEY OP VALUE` (spaces allowed around the operator), e.g. `mota>=0.9`,
  /// `placementErrorRmsMm < 20` or `bestFitMistake==none`: KEY a letter followed by letters and
  /// digits, OP one of ``Comparison`` (`==` and `!=` only for a text metric), VALUE a finite
  /// number or, for a text metric, one of its values.
  ///
  /// - Throws: ``ParseError`` naming what is wrong: a missing or unknown key (listing the valid
  ///   ones), an operator that is not one of those accepted (listing them: `mota=>0.8`), a value
  ///   that is not a finite number or not one of the text metric's values.
  public init(parsing expression: String) throws(ParseError) {
    let text = expression.trimmingCharacters(in: .whitespaces)
    let keyEnd =
      text.firstIndex { !($0.isASCII && ($0.isLetter || $0.isNumber)) } ?? text.endIndex
    let key = String(text[..<keyEnd])
    let keys = PlacementScore.metricTable.map(\.key).joined(separator: ", ")
    guard let first = key.first, first.isLetter else {
      throw ParseError(
        message: "\"\(expression)\" does not start with a metric; write KEY OP VALUE "
          + "(mota>=0.9), KEY one of: \(keys)")
    }
    guard let metric = PlacementScore.metric(named: key) else {
      throw ParseError(message: "unknown metric \"\(key)\" in \"\(expression)\"; valid: \(keys)")
    }
    let accepted = Comparison.allCases.filter { !metric.isText || $0.appliesToText }
    let rest = text[keyEnd...].trimmingCharacters(in: .whitespaces)
    // Two-character operators first, so `>=` is not read as `>` followed by `=0.9`.
    guard
      let comparison = Comparison.allCases.sorted(by: { $0.rawValue.count > $1.rawValue.count })
        .first(where: { rest.hasPrefix($0.rawValue) })
    else {
      throw ParseError(
        message: "\"\(expression)\" has no comparison after \"\(key)\": write one of "
          + "\(Comparison.listed(accepted)) (e.g. \(key)\(accepted[0].rawValue)VALUE)")
    }
    guard accepted.contains(comparison) else {
      throw ParseError(
        message: "\(key) is a text: compare it with \(Comparison.listed(accepted)), not "
          + "\(comparison.rawValue), in \"\(expression)\"")
    }
    let value = rest.dropFirst(comparison.rawValue.count).trimmingCharacters(in: .whitespaces)
    if let values = metric.textValues {
      guard values.contains(value) else {
        throw ParseError(
          message: "\"\(value)\" in \"\(expression)\" is not a value of \(key); valid: "
            + values.joined(separator: ", "))
      }
      operand = .text(value)
    } else {
      // Only a plain number: Double("=0.8") is nil, but "0x10", "inf" and "nan" are refused too.
      guard value.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true,
        !value.lowercased().contains("x"), let bound = Double(value), bound.isFinite
      else {
        throw ParseError(
          message: "\"\(value)\" in \"\(expression)\" is not a finite number (the operators are "
            + "\(Comparison.listed(accepted)))")
      }
      operand = .number(bound)
    }
    self.metric = key
    self.comparison = comparison
  }

  /// The metric's value in `score` and whether the requirement holds (never for an undefined
  /// value).
  public func check(_ score: PlacementScore) -> (
    value: PlacementScore.Metric.Value?, holds: Bool
  ) {
    guard let value = PlacementScore.metric(named: metric)?.value(in: score) else {
      return (nil, false)
    }
    return (value, comparison.holds(value, operand))
  }

  /// `mota>=0.9`, `bestFitMistake==none`.
  public var description: String { "\(metric)\(comparison.rawValue)\(operand)" }
}
