import ARSimulation
import SpatialMath

extension JSONValue: JSONReadable {
  /// The value's JSON type.
  package var kind: JSONDocument.Kind {
    switch self {
    case .null: return .null
    case .bool(let flag): return flag ? .true : .false
    case .number: return .number
    case .string: return .string
    case .array: return .array
    case .object: return .object
    }
  }

  /// The number, when the value is one.
  package var numberValue: Double? {
    guard case .number(let value) = self else { return nil }
    return value
  }

  /// The string, when the value is one.
  package var stringValue: String? {
    guard case .string(let value) = self else { return nil }
    return value
  }

  /// The number of elements when this is an array, else `nil`.
  package var arrayCount: Int? {
    guard case .array(let elements) = self else { return nil }
    return elements.count
  }

  /// The elements of an array (empty for anything else).
  package var elements: [JSONValue] {
    guard case .array(let elements) = self else { return [] }
    return elements
  }

  /// Element `offset` of an array.
  package func element(afterNumbers offset: Int) -> JSONValue {
    guard case .array(let elements) = self else { return .null }
    return elements[offset]
  }

  /// Whether this is a string equal to `text`.
  package func stringEquals(_ text: String) -> Bool {
    guard case .string(let value) = self else { return false }
    return value == text
  }

  /// `values` as an array of numbers.
  package static func numbers(_ values: [Double]) -> JSONValue {
    .array(values.map { .number($0) })
  }
  /// `[w, h]`.
  package static func size(_ size: Size) -> JSONValue { numbers([size.width, size.height]) }
  /// `[x, y, w, h]`.
  package static func rect(_ rect: Rect) -> JSONValue {
    numbers([rect.origin.x, rect.origin.y, rect.size.width, rect.size.height])
  }
  /// `[x, y, z]`.
  package static func vector3(_ v: SIMD3<Double>) -> JSONValue { numbers([v.x, v.y, v.z]) }
}
