import ARSimulation

/// One true surface of a recording's truth, as a world-space triangle mesh:
/// `{"identifier", "classification"?, "vertices": [[x, y, z], ...], "indices": [i, j, k, ...]}`
/// (metres; three vertex indices per triangle; both faces are surface). The scene's surfaces
/// (rectangles as two triangles, curved panels as their tessellation) and its objects' boxes
/// (`box-<object id>`): everything a depth sensor sees, so a reader can recompute the truth depth
/// of any frame from its camera.
public struct RecordingTruthSurface: Sendable, Hashable {
  /// The largest vertex or index count of one surface.
  public static let maximumCount = 1 << 20

  /// The surface's name.
  public var identifier: String
  /// A plane-anchor classification name (`none` when absent).
  public var classification: String
  /// World-space vertices (metres).
  public var vertices: [SIMD3<Double>]
  /// Three indices into ``vertices`` per triangle.
  public var indices: [Int]
  /// Members the format does not define, kept for re-writing.
  public var extras: [String: JSONValue]

  /// Creates a surface; call ``validate()``.
  public init(
    identifier: String, classification: String = "none", vertices: [SIMD3<Double>],
    indices: [Int], extras: [String: JSONValue] = [:]
  ) {
    self.identifier = identifier
    self.classification = classification
    self.vertices = vertices
    self.indices = indices
    self.extras = extras
  }

  /// The world-space triangles of a truth surface, vertices in the shortest decimal form of
  /// their `Float` values.
  public init(_ surface: TruthSurface) {
    var vertices: [SIMD3<Double>] = []
    var indices: [Int] = []
    switch surface.shape {
    case .triangleMesh(let mesh):
      vertices = mesh.vertices.map { Self.shortest(surface.worldFromSurface.transformPoint($0)) }
      indices = mesh.indices.map { Int($0) }
    default:
      let corners = surface.planarBoundary?.vertices ?? []
      vertices = corners.map { Self.shortest(surface.worldFromSurface.transformPoint($0)) }
      for k in 1..<max(corners.count - 1, 1) { indices += [0, k, k + 1] }
    }
    self.init(
      identifier: surface.identifier, classification: surface.classification.name,
      vertices: vertices, indices: indices)
  }

  private static func shortest(_ v: SIMD3<Float>) -> SIMD3<Double> {
    SIMD3(Double(v.x.description) ?? 0, Double(v.y.description) ?? 0, Double(v.z.description) ?? 0)
  }

  /// The surface as a ``TruthSurface`` (a world-space mesh at the identity pose).
  ///
  /// - Throws: ``InputFileError`` as ``validate()``, or for a degenerate triangle.
  public func truthSurface() throws -> TruthSurface {
    try validate()
    do {
      let mesh = try TriangleMesh(
        vertices: vertices.map { SIMD3(Float($0.x), Float($0.y), Float($0.z)) },
        indices: indices.map { UInt32($0) })
      return try TruthSurface(
        identifier: identifier, worldFromSurface: .identity, shape: .triangleMesh(mesh: mesh),
        classification: PlaneAnchor.Classification(name: classification) ?? .none)
    } catch {
      throw InputFileError(.invalidValue, "\(error)", path: [.key("indices")])
    }
  }

  /// Checks finite vertices in `Float` range, a positive index count that is a multiple of 3,
  /// and indices in range.
  ///
  /// - Throws: ``InputFileError`` with a path relative to the surface (`indices[4]`).
  public func validate() throws {
    guard vertices.count <= Self.maximumCount, indices.count <= Self.maximumCount else {
      throw InputFileError(
        .limitExceeded, "more than \(Self.maximumCount) vertices or indices",
        path: [.key("indices")])
    }
    for (offset, v) in vertices.enumerated() {
      do {
        try RecordingValidation.requireFloatRange(v)
      } catch let error as InputFileError {
        throw error.prefixed(.index(offset)).prefixed(.key("vertices"))
      }
    }
    guard !indices.isEmpty, indices.count % 3 == 0 else {
      throw InputFileError(
        .invalidValue,
        "bad mesh indices: the count must be a positive multiple of 3, got \(indices.count)",
        path: [.key("indices")])
    }
    for (offset, index) in indices.enumerated() where !(0..<vertices.count).contains(index) {
      throw InputFileError(
        .invalidValue,
        "bad mesh index \(index): there are \(vertices.count) vertices",
        path: [.key("indices"), .index(offset)])
    }
  }

  package init(json: JSONElement, strict: Bool) throws {
    var object = try JSONObjectReader(json, strict: strict)
    identifier = try object.required("identifier") { try $0.string() }
    classification = try object.optional("classification") { try $0.string() } ?? "none"
    vertices = try object.required("vertices") { try $0.array { try $0.vector3() } }
    indices = try object.required("indices") { value in
      try value.array { element -> Int in
        let n = try element.number()
        guard n == n.rounded(), n >= 0, n < Double(Self.maximumCount) else {
          throw InputFileError(
            .invalidValue, "bad mesh index: must be an integer >= 0, got \(JSONWriter.text(of: n))")
        }
        return Int(n)
      }
    }
    extras = try object.extras()
    try validate()
  }

  /// The JSON object (extras included).
  public var jsonValue: JSONValue {
    var members = extras
    members["identifier"] = .string(identifier)
    members["classification"] = .string(classification)
    members["vertices"] = .array(vertices.map { .vector3($0) })
    members["indices"] = .array(indices.map { .number(Double($0)) })
    return .object(members)
  }
}
