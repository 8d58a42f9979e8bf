/// A marker's identity as a placer reports it: an integer (the package's tracker, most logs) or
/// a string (a UUID, a name). Markers keep their id while they track the same object; the
/// harness counts an identity switch when a truth object's marker changes id.
///
/// Ordered integers first (numerically), then strings (by their UTF-8 bytes).
public enum MarkerID: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByIntegerLiteral, ExpressibleByStringLiteral
{
  /// An integer id.
  case number(Int)
  /// A string id.
  case text(String)

  /// An integer id.
  public init(_ value: Int) { self = .number(value) }
  /// A string id.
  public init(_ value: String) { self = .text(value) }
  /// An integer id from a literal.
  public init(integerLiteral value: Int) { self = .number(value) }
  /// A string id from a literal.
  public init(stringLiteral value: String) { self = .text(value) }

  /// Integers first (numerically), then strings (by their UTF-8 bytes).
  public static func < (a: MarkerID, b: MarkerID) -> Bool {
    switch (a, b) {
    case (.number(let x), .number(let y)): x < y
    case (.number, .text): true
    case (.text, .number): false
    case (.text(let x), .text(let y)): x.utf8.lexicographicallyPrecedes(y.utf8)
    }
  }

  /// The integer or the string as written.
  public var description: String {
    switch self {
    case .number(let value): String(value)
    case .text(let value): value
    }
  }
}
