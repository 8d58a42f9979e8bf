import ARSimulation
import SceneFormat
import SpatialMath

/// A true object of a scene spec: a box sitting on a surface (a dashboard button).
///
/// JSON: `{"id", "label", "surface": "<surface identifier>", "surfacePosition": [x, z],
/// "size": [width, height, depth]}`. `surfacePosition` is the box's footprint centre in the
/// surface's local xz plane (metres, from the surface's centre); it must lie on the surface,
/// `|x| <= width / 2` and `|z| <= height / 2` of the surface's rectangle within
/// ``SceneSpec/surfaceEdgeToleranceMeters`` (else the spec is refused, naming
/// `objects[i].surfacePosition[axis]`). `width` runs along the surface's local x, `height` along
/// its local z, `depth` along its normal. The truth position written to recordings is the centre
/// of the box's top face (the point on the button a marker should sit on): footprint centre plus
/// `depth` along the normal.
public struct SceneObjectSpec: Sendable, Hashable {
  /// A unique identifier (`button-3`).
  public var id: String
  /// The class label a detector reports.
  public var label: String
  /// The identifier of the surface it sits on.
  public var surfaceIdentifier: String
  /// The footprint centre in surface-local x and z (metres).
  public var surfacePosition: SIMD2<Float>
  /// Width (surface x), height (surface z), depth (along the normal), metres, each >= 0.
  public var sizeMeters: SIMD3<Float>

  /// Creates an object spec.
  public init(
    id: String, label: String, surfaceIdentifier: String, surfacePosition: SIMD2<Float>,
    sizeMeters: SIMD3<Float>
  ) {
    self.id = id
    self.label = label
    self.surfaceIdentifier = surfaceIdentifier
    self.surfacePosition = surfacePosition
    self.sizeMeters = sizeMeters
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    id = try object.required("id") { try $0.string() }
    label = try object.required("label") { try $0.string() }
    surfaceIdentifier = try object.required("surface") { try $0.string() }
    // Bounded like every spec coordinate: a size of 1e308 m made the truth position NaN (found
    // by the scene-spec fuzzer, which synthesizes what it decodes).
    surfacePosition = try object.required("surfacePosition") { value in
      let v = try value.boundedFloats(count: 2)
      return SIMD2(v[0], v[1])
    }
    sizeMeters = try object.required("size") { value in
      let v = try value.boundedFloats(count: 3)
      guard v.allSatisfy({ $0 >= 0 }) else {
        throw InputFileError(.invalidValue, "sizes must be >= 0")
      }
      return SIMD3(v[0], v[1], v[2])
    }
    _ = try object.extras()
  }

  /// The object's 8 box corners and its truth position (top-face centre), in world metres: the
  /// box stands in the surface's frame at its footprint centre
  /// (`SceneSurfaceSpec.worldFromObjectBase(surfacePosition:)`, along the local normal there on
  /// a curved panel).
  func worldGeometry(on surface: SceneSurfaceSpec) -> (
    corners: [SIMD3<Float>], position: SIMD3<Float>
  ) {
    // A rectangle keeps the surface's frame (the same `Float` rounding as ever, so committed
    // scenes keep their bytes); a curved panel uses the frame at the footprint.
    let base: RigidTransform
    let origin: SIMD2<Float>
    if surface.curvedPanel == nil {
      base = surface.surface.worldFromSurface
      origin = surfacePosition
    } else {
      base = surface.worldFromObjectBase(surfacePosition: surfacePosition)
      origin = .zero
    }
    let half = sizeMeters / 2
    var corners: [SIMD3<Float>] = []
    corners.reserveCapacity(8)
    for sx: Float in [-1, 1] {
      for sz: Float in [-1, 1] {
        for y in [Float(0), sizeMeters.z] {
          corners.append(
            base.transformPoint(SIMD3(origin.x + sx * half.x, y, origin.y + sz * half.y)))
        }
      }
    }
    return (corners, base.transformPoint(SIMD3(origin.x, sizeMeters.z, origin.y)))
  }

  /// The box as a truth surface `box-<id>` (world metres), or `nil` when it has no volume.
  func boxSurface(on surface: SceneSurfaceSpec) -> TruthSurface? {
    guard sizeMeters.x > 0, sizeMeters.y > 0, sizeMeters.z > 0,
      let mesh = try? TriangleMesh.box(
        sizeMeters: SIMD3(sizeMeters.x, sizeMeters.z, sizeMeters.y))
    else { return nil }
    return try? TruthSurface(
      identifier: "box-\(id)",
      worldFromSurface: surface.worldFromObjectBase(surfacePosition: surfacePosition),
      shape: .triangleMesh(mesh: mesh))
  }
}

extension SceneObjectSpec {
  /// The JSON object.
  public var jsonValue: JSONValue {
    .object([
      "id": .string(id), "label": .string(label), "surface": .string(surfaceIdentifier),
      "surfacePosition": .floats([surfacePosition.x, surfacePosition.y]),
      "size": .floats([sizeMeters.x, sizeMeters.y, sizeMeters.z]),
    ])
  }
}
