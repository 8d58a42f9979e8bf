/// A byte-level JSON parser (RFC 8259) producing ``JSONValue``.
///
/// Strict: no comments, no trailing commas, no NaN/Infinity, no duplicate keys, UTF-8 only.
/// Numbers are converted with an exact fast path (a decimal mantissa of at most 19 digits that fits
/// in 2^53 and a power of ten up to 10^22, which is exact in `Double`) and otherwise with the
/// correctly rounded `Double(String)`; a number whose magnitude overflows `Double` is an error.
/// Nesting is limited (by default to ``maximumDepth``, which is also the largest limit a caller
/// can ask for) so that hostile input cannot overflow the stack; deeper input is a `.syntax`
/// error at the bracket that goes too deep.
/// Errors are ``InputFileError`` of kind `.syntax` with the 1-based line and column.
///
/// - Complexity: O(n) in the input length.
public enum JSONParser {
  /// The deepest nesting of arrays and objects accepted (the outermost array or object is depth
  /// 1); the default and the cap of the `maximumDepth` parameters.
  public static let maximumDepth = 512

  /// Parses exactly one JSON value (surrounded by optional whitespace) from `bytes`.
  ///
  /// - Parameter maximumDepth: the deepest nesting accepted, clamped to 1...``maximumDepth``.
  public static func parse(
    _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = JSONParser.maximumDepth
  ) throws -> JSONValue {
    // One scanner: the value is built from the node tape that the recording decoders read,
    // so the grammar, the limits and every error are those of ``JSONDocument``.
    try JSONDocument.parse(bytes, maximumDepth: maximumDepth) { $0.value }
  }

  /// Parses exactly one JSON value from `bytes`, nesting at most `maximumDepth` deep.
  public static func parse(
    _ bytes: [UInt8], maximumDepth: Int = JSONParser.maximumDepth
  ) throws -> JSONValue {
    try bytes.withUnsafeBufferPointer { try parse($0, maximumDepth: maximumDepth) }
  }

  /// Parses exactly one JSON value from the UTF-8 of `text`, nesting at most `maximumDepth` deep.
  public static func parse(
    _ text: String, maximumDepth: Int = JSONParser.maximumDepth
  ) throws -> JSONValue {
    try parse(Array(text.utf8), maximumDepth: maximumDepth)
  }
}
