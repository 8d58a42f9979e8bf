import SpatialMath

/// One contour of a `VNDetectContoursRequest` result on a frame (`VNContour`), as in the JSON:
/// `{"normalizedPoints": [[x, y], ...], "closed"?: true}`. Points are normalized with a
/// lower-left origin relative to the contour request's region of interest in the oriented image
/// (no crop; see the header's `visionRequests.contours`).
public struct RecordingContour: Sendable, Hashable {
  /// The points (`VNContour.normalizedPoints`), each inside [0, 1]; at least one.
  public var normalizedPoints: [Point]
  /// Whether the path closes; `true` when the JSON omits `closed`.
  public var isClosed: Bool
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a contour; call ``validate()`` to check it.
  public init(normalizedPoints: [Point], isClosed: Bool = true, extras: [String: JSONValue] = [:]) {
    self.normalizedPoints = normalizedPoints
    self.isClosed = isClosed
    self.extras = extras
  }

  /// Checks there is a point and every point is finite and inside [0, 1] (1e-9 slack).
  ///
  /// - Throws: ``InputFileError`` with a path relative to the contour
  ///   (`normalizedPoints[4][1]`).
  public func validate() throws {
    guard !normalizedPoints.isEmpty else {
      throw InputFileError(
        .invalidValue, "a contour needs at least one point", path: [.key("normalizedPoints")])
    }
    for (offset, point) in normalizedPoints.enumerated() {
      for (axis, value) in [point.x, point.y].enumerated()
      where !(value.isFinite && value >= -1e-9 && value <= 1 + 1e-9) {
        throw InputFileError(
          .invalidValue, "must be finite and in [0, 1], got \(JSONWriter.text(of: value))",
          path: [.key("normalizedPoints"), .index(offset), .index(axis)])
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    normalizedPoints = try object.required("normalizedPoints") {
      try $0.array { value in
        let xy = try value.numbers(count: 2)
        return Point(x: xy[0], y: xy[1])
      }
    }
    isClosed = try object.optional("closed") { try $0.bool() } ?? true
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included; `closed` written only when `false`).
  public var jsonValue: JSONValue {
    var members = extras
    members["normalizedPoints"] = .array(normalizedPoints.map { .numbers([$0.x, $0.y]) })
    if !isClosed { members["closed"] = .bool(false) }
    return .object(members)
  }
}
