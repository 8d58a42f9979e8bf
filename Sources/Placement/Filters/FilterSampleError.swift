/// Why a sample log could not be read. Descriptions name the source (file name or `<stdin>`) and
/// the place: the JSON element index and field, or the CSV line (1-based) and field.
public enum FilterSampleError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The input is not valid JSON (or not UTF-8).
  case invalidJSON(source: String, detail: String)
  /// The JSON top level is not an array.
  case notAnArray(source: String)
  /// An array element is not an object.
  case elementNotObject(source: String, index: Int)
  /// An element lacks a field.
  case missingField(source: String, index: Int, field: String)
  /// A field is not a finite number.
  case invalidField(source: String, index: Int, field: String)
  /// A CSV line does not have four fields.
  case csvFieldCount(source: String, line: Int, count: Int)
  /// A CSV field is not a finite number.
  case csvInvalidField(source: String, line: Int, field: String, value: String)
  /// A position (`x`, `y`, `z`) beyond `Float`'s range, in which positions are filtered
  /// (`place`: `[3].x` or `line 2, field x`); it would become infinity.
  case positionBeyondFloatRange(source: String, place: String, value: Double)

  /// A one-line message naming the input place or the CLI option.
  public var description: String {
    switch self {
    case .invalidJSON(let source, let detail): "\(source): invalid JSON: \(detail)"
    case .notAnArray(let source):
      "\(source): expected a JSON array of {\"t\",\"x\",\"y\",\"z\"} objects"
    case .elementNotObject(let source, let index): "\(source): [\(index)]: expected an object"
    case .missingField(let source, let index, let field): "\(source): [\(index)].\(field): missing"
    case .invalidField(let source, let index, let field):
      "\(source): [\(index)].\(field): expected a finite number"
    case .csvFieldCount(let source, let line, let count):
      "\(source): line \(line): expected 4 fields t,x,y,z, found \(count)"
    case .csvInvalidField(let source, let line, let field, let value):
      "\(source): line \(line), field \(field): '\(value)' is not a finite number"
    case .positionBeyondFloatRange(let source, let place, let value):
      "\(source): \(place): \(value) is beyond the range of Float (magnitude at most "
        + "\(Float.greatestFiniteMagnitude)), in which positions are filtered"
    }
  }
}
