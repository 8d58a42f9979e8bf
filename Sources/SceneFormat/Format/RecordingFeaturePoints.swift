/// The feature points of a recorded frame (`ARPointCloud`), exactly as in the JSON:
/// `{"points": [[x, y, z], ...], "identifiers": [1, 2, ...]}`.
public struct RecordingFeaturePoints: Sendable, Hashable {
  /// Points in world metres.
  public var points: [SIMD3<Double>]
  /// One identifier per point, or `nil` when the JSON has none. JSON numbers are doubles, so
  /// identifiers must be integers in 0...2^53.
  public var identifiers: [UInt64]?
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a point set; call ``validate()`` to check it.
  public init(
    points: [SIMD3<Double>], identifiers: [UInt64]? = nil, extras: [String: JSONValue] = [:]
  ) {
    self.points = points
    self.identifiers = identifiers
    self.extras = extras
  }

  /// Checks finite points within `Float`'s range and, when identifiers are present, one per point.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the point set (`points[3][1]`).
  /// - Complexity: O(n).
  public func validate() throws {
    for (offset, point) in points.enumerated()
    where !(point.x.isFinite && point.y.isFinite && point.z.isFinite) {
      throw InputFileError(
        .invalidValue, "point must be finite, got \(point)", path: [.key("points"), .index(offset)])
    }
    for (offset, point) in points.enumerated()
    where !(Float(point.x).isFinite && Float(point.y).isFinite && Float(point.z).isFinite) {
      for (axis, value) in [point.x, point.y, point.z].enumerated() where !Float(value).isFinite {
        throw InputFileError(
          .invalidValue, RecordingValidation.floatRangeMessage(value),
          path: [.key("points"), .index(offset), .index(axis)])
      }
    }
    if let identifiers, identifiers.count != points.count {
      throw InputFileError(
        .invalidValue,
        "expected one identifier per point (\(points.count)), got \(identifiers.count)",
        path: [.key("identifiers")])
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    points = try object.required("points") { try $0.array { try $0.vector3() } }
    identifiers = try object.optional("identifiers") {
      try $0.array { value -> UInt64 in
        let number = try value.number()
        guard number >= 0, number <= 9_007_199_254_740_992, number == number.rounded() else {
          throw InputFileError(
            .invalidValue,
            "identifier must be an integer in 0...2^53, got \(JSONWriter.text(of: number))")
        }
        return UInt64(number)
      }
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["points"] = .array(points.map { .vector3($0) })
    if let identifiers {
      members["identifiers"] = .array(identifiers.map { .number(Double($0)) })
    }
    return .object(members)
  }
}
