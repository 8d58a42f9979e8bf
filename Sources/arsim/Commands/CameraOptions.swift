import ARSimulation
import SpatialMath

/// The camera options shared by commands: `--intrinsics fx,fy,ox,oy`, `--camera-transform`
/// (16 numbers, column-major worldFromCamera; identity by default) and `--distortion
/// k1,k2,p1,p2,k3`.
enum CameraOptions {
  static let intrinsics = Option<[Double]?>(
    numbers: "intrinsics", count: 4, valueName: "fx,fy,ox,oy",
    help: "Pinhole intrinsics in pixels as ARKit's ARCamera.intrinsics gives them: focal "
      + "lengths, then the principal point with pixel centres at integers (so at ox+0.5, oy+0.5 "
      + "in continuous pixels).")
  static let cameraTransform = Option<[Double]>(
    numbers: "camera-transform", count: 16, valueName: "m0,...,m15",
    default: Matrix4x4.identity.columnMajor.map(Double.init), defaultDescription: "identity",
    help: "worldFromCamera (translation in metres): 16 numbers, column-major, as one "
      + "comma-separated argument or 16 arguments.")
  static let distortion = Option<[Double]?>(
    numbers: "distortion", count: 5, valueName: "k1,k2,p1,p2,k3",
    help: "Brown-Conrady lens distortion (OpenCV's convention). Default: none.")

  /// The three, in help order.
  static let options: [any OptionDeclaring] = [intrinsics, cameraTransform, distortion]

  /// The camera, or `nil` when `--intrinsics` is absent.
  static func camera(
    from parsed: ParsedArguments, imageResolution: Size
  ) throws(CommandLineError) -> Camera? {
    guard let k = parsed.value(intrinsics) else {
      for other in [cameraTransform, distortion] as [any OptionDeclaring]
      where parsed.isGiven(other) {
        throw .usage("option \(other.declaration.flagName) needs --intrinsics")
      }
      return nil
    }
    let transform: Matrix4x4
    do {
      transform = try Matrix4x4(columnMajor: parsed.value(cameraTransform).map(Float.init))
    } catch {
      throw .usage("option --camera-transform: \(error)")  // 16 numbers parsed: not reached
    }
    do throws(CameraError) {
      var lens: LensDistortion?
      if let d = parsed.value(distortion) {
        lens = try LensDistortion(k1: d[0], k2: d[1], p1: d[2], p2: d[3], k3: d[4])
      }
      let pinhole = try CameraIntrinsics(fx: k[0], fy: k[1], ox: k[2], oy: k[3])
      return try Camera(
        transform: transform, intrinsics: pinhole, imageResolution: imageResolution,
        distortion: lens)
    } catch {
      let option =
        switch error {
        case .focalLengthNotPositive, .principalPointNotFinite, .intrinsicsNotPinhole:
          "intrinsics"
        case .distortionNotFinite: "distortion"
        case .imageResolutionNotPositive: "image-size"
        case .transformNotFinite, .transformNotRigid: "camera-transform"
        }
      throw .usage("option --\(option): \(error.description)")
    }
  }
}
