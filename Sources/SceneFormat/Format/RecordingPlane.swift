import ARSimulation
import SpatialMath

/// One plane anchor of a recorded frame (`ARPlaneAnchor`), exactly as in the JSON:
/// `{"identifier", "transform": [16], "center": [3], "extent": {...}, "boundary": [[x, 0, z], ...],
/// "alignment", "classification"}`.
///
/// Plane-local space: y is the normal, x and z span the plane (metres).
public struct RecordingPlane: Sendable, Hashable {
  /// The anchor identifier (a UUID string on devices); unique within a frame.
  public var identifier: String
  /// worldFromPlane, 16 numbers column-major. Finite; not required to be rigid.
  public var transform: [Double]
  /// The centre of the extent in plane-local metres.
  public var center: SIMD3<Double>
  /// The extent rectangle.
  public var extent: RecordingPlaneExtent
  /// The boundary polygon in plane-local metres (y normally 0), convex, either winding, at least
  /// 3 vertices.
  public var boundary: [SIMD3<Double>]
  /// The alignment label.
  public var alignment: PlaneAnchor.Alignment
  /// The classification; `none` when the JSON omits it.
  public var classification: PlaneAnchor.Classification
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a plane; call ``validate()`` to check it.
  public init(
    identifier: String, transform: [Double], center: SIMD3<Double>, extent: RecordingPlaneExtent,
    boundary: [SIMD3<Double>], alignment: PlaneAnchor.Alignment,
    classification: PlaneAnchor.Classification = .none, extras: [String: JSONValue] = [:]
  ) {
    self.identifier = identifier
    self.transform = transform
    self.center = center
    self.extent = extent
    self.boundary = boundary
    self.alignment = alignment
    self.classification = classification
    self.extras = extras
  }

  /// The pose as a `Float` matrix (worldFromPlane), or `nil` when ``transform`` does not hold 16
  /// numbers.
  public var worldFromPlane: Matrix4x4? { try? Matrix4x4(columnMajor: transform.map { Float($0) }) }

  /// Checks a non-empty identifier, 16 finite transform numbers, a finite centre, the extent and
  /// a boundary of at least 3 finite vertices.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the plane (`boundary`).
  public func validate() throws {
    if identifier.isEmpty {
      throw InputFileError(
        .invalidValue, "plane identifier must not be empty", path: [.key("identifier")])
    }
    do {
      try RecordingValidation.requireCount(transform, 16)
      try RecordingValidation.requireFloatRange(transform)
    } catch let error as InputFileError {
      throw error.prefixed(.key("transform"))
    }
    do {
      try RecordingValidation.requireFloatRange(center)
    } catch let error as InputFileError {
      throw error.prefixed(.key("center"))
    }
    do {
      try extent.validate()
    } catch let error as InputFileError {
      throw error.prefixed(.key("extent"))
    }
    if boundary.count < 3 {
      throw InputFileError(
        .invalidValue, "plane boundary needs at least 3 vertices, got \(boundary.count)",
        path: [.key("boundary")])
    }
    for (offset, vertex) in boundary.enumerated() {
      do {
        try RecordingValidation.requireFloatRange(vertex)
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("boundary"))
      }
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    identifier = try object.required("identifier") { try $0.string() }
    transform = try object.required("transform") { try $0.numbers(count: 16) }
    center = try object.required("center") { try $0.vector3() }
    extent = try object.required("extent") { try RecordingPlaneExtent(json: $0, strict: strict) }
    boundary = try object.required("boundary") { try $0.array { try $0.vector3() } }
    alignment = try object.required("alignment") {
      try $0.named(PlaneAnchor.Alignment.self, what: "alignment")
    }
    classification =
      try object.optional("classification") {
        try $0.named(PlaneAnchor.Classification.self, what: "classification")
      } ?? .none
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["identifier"] = .string(identifier)
    members["transform"] = .numbers(transform)
    members["center"] = .vector3(center)
    members["extent"] = extent.jsonValue
    members["boundary"] = .array(boundary.map { .vector3($0) })
    members["alignment"] = .string(alignment.name)
    members["classification"] = .string(classification.name)
    return .object(members)
  }
}
