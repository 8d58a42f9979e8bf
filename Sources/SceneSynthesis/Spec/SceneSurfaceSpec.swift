import ARSimulation
import SceneFormat
import SpatialMath

/// A true surface of a scene spec (world space, metres): a rectangle `size[0]` metres along its
/// local x and `size[1]` along its local z, with local +y its normal (like a plane anchor), or a
/// curved panel of that size.
///
/// JSON: `{"identifier", "position": [x, y, z], "rotation"?: {"axis": [x, y, z], "degrees": d},
/// "size": [width, height], "classification"?, "kind"?, "radiusMeters"?, "segments"?,
/// "planeFitToleranceMeters"?}`. The rotation turns surface-local axes into world
/// axes (right-hand rule about the axis); absent means the identity (a horizontal surface facing
/// up). `classification` is a plane-anchor classification name, default `none`.
///
/// `kind` is `rectangle` (the default) or `curvedPanel`: a cylindrical section (a dashboard
/// curving around the driver) of arc length `size[0]` along local x and `size[1]` along local z,
/// bending toward local +y with `radiusMeters` (> 0, at least `size[0] / π` so the arc stays
/// under a half turn) and tessellated into `segments` strips (1...1000, default 32); see
/// `TriangleMesh.curvedPanel(radiusMeters:widthMeters:heightMeters:segments:)`. Its truth shape
/// is that triangle mesh. Objects on it stand on the arc (`surfacePosition[0]` is the arc length
/// from the centre) along the local normal. The plane and feature-point models see only the part
/// a plane fits: the tangent rectangle at the centre whose arc deviates from it by at most
/// `planeFitToleranceMeters` (default 0.005): half width `R sin θ`, `θ = acos(1 - tol / R)`
/// (``planeFitSurface``), so plane anchors cover only the middle of the panel.
public struct SceneSurfaceSpec: Sendable, Hashable {
  /// The surface kinds (`kind`), sorted.
  public static let kindNames = ["curvedPanel", "rectangle"]

  /// The curvature of a `curvedPanel` surface.
  public struct CurvedPanel: Sendable, Hashable {
    /// The cylinder radius (metres).
    public var radiusMeters: Float
    /// The strips along the arc.
    public var segments: Int
    /// How far the arc may leave the fitted plane (metres).
    public var planeFitToleranceMeters: Float
  }

  /// The truth surface (a rectangle or the curved panel's mesh), whose identifier names it in
  /// objects and plane anchors.
  public var surface: TruthSurface
  /// The size in metres: width (arc length for a curved panel) along local x, height along z.
  public var sizeMeters: SIMD2<Float>
  /// The curvature, or `nil` for a rectangle.
  public var curvedPanel: CurvedPanel?

  /// Creates a spec from a truth surface (a rectangle).
  public init(surface: TruthSurface) {
    self.surface = surface
    if case .rectangle(let w, let h) = surface.shape {
      sizeMeters = SIMD2(w, h)
    } else {
      sizeMeters = .zero
    }
    curvedPanel = nil
  }

  /// The planar surface the plane and feature-point models use: the surface itself for a
  /// rectangle; for a curved panel, the rectangle of the tangent plane at its centre over the arc
  /// within ``CurvedPanel/planeFitToleranceMeters`` of it (full height).
  public var planeFitSurface: TruthSurface {
    guard let curvedPanel else { return surface }
    let r = curvedPanel.radiusMeters
    let cosine = max(1 - curvedPanel.planeFitToleranceMeters / r, -1)
    let halfWidth = min(r * (1 - cosine * cosine).squareRoot(), sizeMeters.x / 2)
    return
      (try? TruthSurface(
        identifier: surface.identifier, worldFromSurface: surface.worldFromSurface,
        shape: .rectangle(width: 2 * max(halfWidth, 1e-4), height: sizeMeters.y),
        classification: surface.classification)) ?? surface
  }

  /// The frame an object stands in at `surfacePosition` (surface-local x, or arc length on a
  /// curved panel, and z): world from a local frame whose origin is the point on the surface and
  /// whose +y is the surface normal there (x along the surface, z along local z).
  public func worldFromObjectBase(surfacePosition p: SIMD2<Float>) -> RigidTransform {
    let pose = surface.worldFromSurface
    guard let curvedPanel else {
      return RigidTransform(
        rotation: pose.rotation, translation: pose.transformPoint(SIMD3(p.x, 0, p.y)))
    }
    var local = TriangleMesh.curvedPanelPoint(
      arcMeters: p.x, radiusMeters: curvedPanel.radiusMeters)
    local.z = p.y
    let turn = Quaternion(
      angle: .radians(Double(p.x / curvedPanel.radiusMeters)), axis: SIMD3(0, 0, 1))
    return RigidTransform(rotation: pose.rotation * turn, translation: pose.transformPoint(local))
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    let identifier = try object.required("identifier") { try $0.string() }
    let position = try object.required("position") { try $0.floatVector3() }
    let rotation =
      try object.optional("rotation") { value -> Quaternion in
        var members = try JSONObjectDecoder(value, strict: true)
        let axis = try members.required("axis") { value -> SIMD3<Float> in
          guard let unit = try value.floatVector3().normalized() else {
            throw InputFileError(.invalidValue, "axis must not be zero")
          }
          return unit
        }
        let degrees = try members.required("degrees") { try $0.number(atLeast: -360, atMost: 360) }
        _ = try members.extras()
        return Quaternion(angle: .degrees(degrees), axis: axis)
      } ?? .identity
    let size = try object.required("size") { value -> SIMD2<Float> in
      let v = try value.finiteNumbers(count: 2)
      guard v[0] > 0, v[1] > 0 else {
        throw InputFileError(.invalidValue, "width and height must be > 0")
      }
      return SIMD2(Float(v[0]), Float(v[1]))
    }
    let classification =
      try object.optional("classification") {
        try $0.named(PlaneAnchor.Classification.self, what: "classification")
      } ?? PlaneAnchor.Classification.none
    let kind = try object.optional("kind") { try $0.string() } ?? "rectangle"
    switch kind {
    case "rectangle":
      // radiusMeters, segments and planeFitToleranceMeters stay unread: strict mode refuses them.
      curvedPanel = nil
    case "curvedPanel":
      let radius = try object.required("radiusMeters") { value -> Float in
        let r = try value.number(atLeast: 0, atMost: 1e4)
        guard r > 0, Float(r) * Float.pi >= size.x else {
          throw InputFileError(
            .invalidValue,
            "must be > 0 and at least size[0] / π (\(size.x / Float.pi) m), got \(r)")
        }
        return Float(r)
      }
      let segments =
        try object.optional("segments") { value -> Int in
          let n = try value.number(atLeast: 1, atMost: 1000)
          guard n == n.rounded() else { throw InputFileError(.invalidValue, "must be an integer") }
          return Int(n)
        } ?? 32
      let tolerance =
        try object.optional("planeFitToleranceMeters") {
          Float(try $0.number(atLeast: 0, atMost: 1))
        } ?? 0.005
      curvedPanel = CurvedPanel(
        radiusMeters: radius, segments: segments, planeFitToleranceMeters: tolerance)
    default:
      throw InputFileError(
        .invalidValue,
        "unknown surface kind \"\(kind)\"; valid: \(Self.kindNames.joined(separator: ", "))",
        path: [.key("kind")])
    }
    _ = try object.extras()
    sizeMeters = size
    do {
      let shape: TruthSurface.Shape
      if let curvedPanel {
        shape = .triangleMesh(
          mesh: try TriangleMesh.curvedPanel(
            radiusMeters: curvedPanel.radiusMeters, widthMeters: size.x, heightMeters: size.y,
            segments: curvedPanel.segments))
      } else {
        shape = .rectangle(width: size.x, height: size.y)
      }
      surface = try TruthSurface(
        identifier: identifier,
        worldFromSurface: RigidTransform(rotation: rotation, translation: position),
        shape: shape, classification: classification)
    } catch {
      let key = error == .surfaceTransformInvalid ? "rotation" : "size"
      throw InputFileError(.invalidValue, error.description, path: [.key(key)])
    }
  }
}

extension SceneSurfaceSpec {
  /// The JSON object (the rotation as a unit axis and degrees; the identity as no rotation).
  public var jsonValue: JSONValue {
    let pose = surface.worldFromSurface
    var members: [String: JSONValue] = [
      "identifier": .string(surface.identifier),
      "position": .floats([pose.translation.x, pose.translation.y, pose.translation.z]),
      "size": .floats([sizeMeters.x, sizeMeters.y]),
      "classification": .string(surface.classification.name),
    ]
    if let curvedPanel {
      members["kind"] = .string("curvedPanel")
      members["radiusMeters"] = .number(Double(curvedPanel.radiusMeters.description) ?? 0)
      members["segments"] = .number(Double(curvedPanel.segments))
      members["planeFitToleranceMeters"] = .number(
        Double(curvedPanel.planeFitToleranceMeters.description) ?? 0)
    }
    let degrees = pose.rotation.angle.degrees
    if degrees != 0 {
      let axis = pose.rotation.axis
      members["rotation"] = .object([
        "axis": .floats([axis.x, axis.y, axis.z]), "degrees": .number(degrees),
      ])
    }
    return .object(members)
  }
}
