import ARSimulation
import SceneFormat
import SpatialMath

/// A true planar surface of a scene spec (world space, metres): a rectangle `size[0]` metres along
/// its local x and `size[1]` along its local z, with local +y its normal (like a plane anchor).
///
/// JSON: `{"identifier", "position": [x, y, z], "rotation"?: {"axis": [x, y, z], "degrees": d},
/// "size": [width, height], "classification"?}`. The rotation turns surface-local axes into world
/// axes (right-hand rule about the axis); absent means the identity (a horizontal surface facing
/// up). `classification` is a plane-anchor classification name, default `none`.
public struct SceneSurfaceSpec: Sendable, Hashable {
  /// The truth surface (a rectangle), whose identifier names it in objects and plane anchors.
  public var surface: TruthSurface

  /// Creates a spec from a truth surface.
  public init(surface: TruthSurface) { self.surface = surface }

  /// The rectangle's size in metres: width along local x, height along local z.
  public var sizeMeters: SIMD2<Float> {
    if case .rectangle(let w, let h) = surface.shape { return SIMD2(w, h) }
    return .zero
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
    _ = try object.extras()
    do {
      surface = try TruthSurface(
        identifier: identifier,
        worldFromSurface: RigidTransform(rotation: rotation, translation: position),
        shape: .rectangle(width: size.x, height: size.y), classification: classification)
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
