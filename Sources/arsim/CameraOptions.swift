import ARSimulation
import SpatialMath

/// The camera options shared by commands: `--intrinsics fx,fy,ox,oy`, `--camera-transform`
/// (16 numbers, column-major worldFromCamera; identity by default) and `--distortion
/// k1,k2,p1,p2,k3`.
enum CameraOptions {
  static let specs: [String: ParsedArguments.Arity] = [
    "intrinsics": .numbers(count: 4),
    "camera-transform": .numbers(count: 16),
    "distortion": .numbers(count: 5),
  ]

  static let help = """
      --intrinsics fx,fy,ox,oy    Pinhole intrinsics in pixels (ARKit's ARCamera.intrinsics;
                                  (ox, oy) counts pixel centres at integers, so the principal
                                  point is (ox+0.5, oy+0.5) in continuous pixels).
      --camera-transform N*16     worldFromCamera, 16 numbers column-major (one comma-separated
                                  argument or 16 arguments). Default: identity.
      --distortion k1,k2,p1,p2,k3 Brown-Conrady lens distortion (OpenCV convention). Default: none.
    """

  /// The camera, or `nil` when `--intrinsics` is absent.
  static func camera(
    from arguments: ParsedArguments, imageResolution: Size
  ) throws(CommandLineError) -> Camera? {
    guard let k = try arguments.numbers("intrinsics", count: 4) else {
      for other in ["camera-transform", "distortion"] where arguments.string(other) != nil {
        throw .usage("option --\(other) needs --intrinsics")
      }
      return nil
    }
    let transform: Matrix4x4
    if let m = try arguments.numbers("camera-transform", count: 16) {
      // `numbers(_:count:)` returned exactly 16.
      transform = try! Matrix4x4(columnMajor: m.map(Float.init))
    } else {
      transform = .identity
    }
    do {
      var distortion: LensDistortion?
      if let d = try arguments.numbers("distortion", count: 5) {
        distortion = try LensDistortion(k1: d[0], k2: d[1], p1: d[2], p2: d[3], k3: d[4])
      }
      let intrinsics = try CameraIntrinsics(fx: k[0], fy: k[1], ox: k[2], oy: k[3])
      return try Camera(
        transform: transform, intrinsics: intrinsics, imageResolution: imageResolution,
        distortion: distortion)
    } catch let error as CommandLineError {
      throw error
    } catch let error as CameraError {
      let option =
        switch error {
        case .focalLengthNotPositive, .principalPointNotFinite, .intrinsicsNotPinhole:
          "intrinsics"
        case .distortionNotFinite: "distortion"
        case .imageResolutionNotPositive: "image-size"
        case .transformNotFinite, .transformNotRigid: "camera-transform"
        }
      throw .usage("option --\(option): \(error.description)")
    } catch {
      throw .usage("\(error)")
    }
  }
}
