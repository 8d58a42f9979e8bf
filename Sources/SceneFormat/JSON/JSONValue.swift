/// A parsed JSON value, as read by ``JSONParser`` and written by ``JSONWriter``.
///
/// Numbers are kept as `Double` (JSON has one number type); integers beyond 2^53 lose precision,
/// which the recording format never needs. Objects are unordered: ``JSONWriter`` always emits
/// their keys sorted by UTF-8 bytes, so output never depends on `Dictionary` order. Recording
/// types keep the members they do not know in an `extras` object of these values, so unknown
/// fields survive a read/write round trip.
public enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A finite number (the parser never produces NaN or infinity).
  case number(Double)
  /// A string (escapes already decoded).
  case string(String)
  /// An array, in document order.
  case array([JSONValue])
  /// An object; duplicate keys are refused by the parser.
  case object([String: JSONValue])

  /// A short name of the value's JSON type ("number", "string", ...), used in error messages.
  public var typeName: String { kind.typeName }
}
