import ARSimulation
import SceneFormat
import SpatialMath

/// The capturing device of a scene spec: pinhole intrinsics and the captured (landscape) image
/// size, from a named preset or given explicitly.
///
/// JSON: `{"preset": "iPhone15Pro"}` or `{"intrinsics": [fx, fy, ox, oy], "imageResolution":
/// [w, h], "lidar"?: false}` (image pixels, top-left origin). `lidar` says whether the device has
/// a LiDAR scanner (scene depth); presets set it. Presets (approximate values for the 1920x1440 video
/// format; real devices report per-frame intrinsics that differ by a few pixels):
/// - `iPhone15Pro`: fx = fy = 1445, principal point (959.5, 719.5) as ARKit reports it, which is
///   the image centre (960, 720) in continuous pixels — the camera of the raycast benchmark;
///   LiDAR;
/// - `iPhoneXS`: fx = fy = 1460, principal point (960, 720), i.e. (960.5, 720.5) in continuous
///   pixels, half a pixel right of and below the image centre.
public struct SceneDeviceSpec: Sendable, Hashable {
  /// The known preset names, sorted.
  public static let presetNames = ["iPhone15Pro", "iPhoneXS"]

  /// The intrinsics (pixels).
  public var intrinsics: CameraIntrinsics
  /// The captured image size in pixels (> 0).
  public var imageResolution: Size
  /// Whether the device has a LiDAR scanner (can deliver scene depth).
  public var hasLiDAR: Bool

  /// Creates a device.
  public init(intrinsics: CameraIntrinsics, imageResolution: Size, hasLiDAR: Bool = false) {
    self.intrinsics = intrinsics
    self.imageResolution = imageResolution
    self.hasLiDAR = hasLiDAR
  }

  /// The preset called `name`, or `nil` when there is none.
  public static func preset(named name: String) -> SceneDeviceSpec? {
    let values: (Double, Double, Double)
    switch name {
    case "iPhone15Pro": values = (1445, 959.5, 719.5)
    case "iPhoneXS": values = (1460, 960, 720)
    default: return nil
    }
    guard let k = try? CameraIntrinsics(fx: values.0, fy: values.0, ox: values.1, oy: values.2)
    else {
      return nil
    }
    return SceneDeviceSpec(
      intrinsics: k, imageResolution: Size(width: 1920, height: 1440),
      hasLiDAR: name == "iPhone15Pro")
  }

  init(json: JSONValue) throws {
    var object = try JSONObjectDecoder(json, strict: true)
    if let name = try object.optional("preset", { try $0.string() }) {
      _ = try object.extras()
      guard let preset = Self.preset(named: name) else {
        throw InputFileError(
          .invalidValue,
          "unknown device preset \"\(name)\"; valid: \(Self.presetNames.joined(separator: ", "))",
          path: [.key("preset")])
      }
      self = preset
      return
    }
    intrinsics = try object.required("intrinsics") { value in
      let k = try value.finiteNumbers(count: 4)
      do {
        return try CameraIntrinsics(fx: k[0], fy: k[1], ox: k[2], oy: k[3])
      } catch {
        throw InputFileError(.invalidValue, "\(error)")
      }
    }
    imageResolution = try object.required("imageResolution") { value in
      let size = try value.size()
      try RecordingValidation.requirePositive(size, what: "image")
      return size
    }
    hasLiDAR = try object.optional("lidar") { try $0.bool() } ?? false
    _ = try object.extras()
  }
}

extension SceneDeviceSpec {
  /// The JSON object, always in the explicit form (`intrinsics`, `imageResolution`, and
  /// `lidar` when the device has it).
  public var jsonValue: JSONValue {
    var members: [String: JSONValue] = [
      "intrinsics": .numbers([
        intrinsics.focalLengthXPixels, intrinsics.focalLengthYPixels,
        intrinsics.principalPointPixels.x,
        intrinsics.principalPointPixels.y,
      ]),
      "imageResolution": .size(imageResolution),
    ]
    if hasLiDAR { members["lidar"] = .bool(true) }
    return .object(members)
  }
}
