import Foundation

/// An Objectron clip encoded by the tests from the published schema (MediaPipe's
/// `a_r_capture_metadata.proto`, `annotation_data.proto`, `object.proto`) on a real handheld
/// trajectory: the ARKit Data Logger's iPhone XS camera poses (``RealData/arkit``), one annotated
/// box on a horizontal plane anchor where the camera looks most of the time.
///
/// The poses are the logger's worldFromCamera rows; the clip writes them as `ARCamera.transform`
/// (16 floats, row-major) with iPhone XS intrinsics (fx = fy = 1460, principal point (960, 720),
/// row-major) and a 1920x1440 landscape image, at the logger's timestamps.
public struct ObjectronClip {
  /// The box's category.
  public static let category = "book"
  /// The box's edges in metres (x, y, z of its own frame; y up).
  public static let scale: SIMD3<Float> = [0.2, 0.03, 0.15]
  /// The height of the plane the box lies on (world y, metres).
  public static let planeHeight: Float = -0.68

  /// The `geometry.pbdata` bytes.
  public var geometry: [UInt8]
  /// The annotation file's bytes (one `Sequence`).
  public var annotation: [UInt8]
  /// The box centre in world metres.
  public var boxCentre: SIMD3<Float>
  /// The camera poses written (worldFromCamera, row-major 4x4).
  public var cameraRows: [[Float]]
  /// The timestamps written (seconds).
  public var timestamps: [Double]

  /// The clip on the logger's poses `startFrame, startFrame + everyNth, ...` (at most
  /// `maximumFrames`); the box turned by `yawDegrees` about world +y.
  public init(
    loggerDirectory: URL, startFrame: Int = 0, everyNth: Int = 2, maximumFrames: Int = 300,
    yawDegrees: Float = 30, packedPlaneTransform: Bool = false
  ) throws {
    let text = try String(
      contentsOf: loggerDirectory.appendingPathComponent("ARKit_camera_pose.txt"), encoding: .utf8)
    let rows = text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: " ").compactMap { Double($0) }
    }.filter { $0.count == 13 }
    var chosen: [[Double]] = []
    var index = startFrame
    while index < rows.count, chosen.count < maximumFrames {
      chosen.append(rows[index])
      index += everyNth
    }
    let times = chosen.map { $0[0] / 1e9 }
    let poses = chosen.map { row in (1...12).map { Float(row[$0]) } + [0, 0, 0, 1] }
    timestamps = times
    cameraRows = poses
    // Where the optical axes (-z) meet the plane: the median of the hits.
    var xs: [Float] = []
    var zs: [Float] = []
    for m in poses {
      let position = SIMD3(m[3], m[7], m[11])
      let forward = -SIMD3(m[2], m[6], m[10])
      guard forward.y < -0.1 else { continue }
      let t = (Self.planeHeight - position.y) / forward.y
      xs.append(position.x + t * forward.x)
      zs.append(position.z + t * forward.z)
    }
    xs.sort()
    zs.sort()
    let centre = SIMD3(
      xs.isEmpty ? 0 : xs[xs.count / 2], Self.planeHeight + Self.scale.y / 2,
      zs.isEmpty ? -1 : zs[zs.count / 2])
    boxCentre = centre
    var clip: [UInt8] = []
    for (frameIndex, m) in poses.enumerated() {
      var frame = ProtobufWriter()
      frame.double(1, times[frameIndex])
      frame.message(4) { camera in
        camera.int32(1, 3)  // NORMAL
        camera.packedFloats(3, m)
        camera.int32(5, 1920)
        camera.int32(6, 1440)
        camera.packedFloats(7, [1460, 0, 960, 0, 1460, 720, 0, 0, 1])
      }
      if frameIndex >= 5 {
        frame.message(7) { plane in
          plane.string(1, "plane-table")
          let transform: [Float] = [
            1, 0, 0, centre.x, 0, 1, 0, Self.planeHeight, 0, 0, 1, centre.z, 0, 0, 0, 1,
          ]
          if packedPlaneTransform {
            plane.packedFloats(2, transform)
          } else {
            plane.unpackedFloats(2, transform)
          }
          plane.int32(3, 1)  // HORIZONTAL
          plane.message(4) { geometry in
            for (x, z) in [(-1, -1), (1, -1), (1, 1), (-1, 1)] as [(Float, Float)] {
              geometry.message(7) { vertex in
                vertex.float(1, x)
                vertex.float(2, 0)
                vertex.float(3, z)
              }
            }
          }
          plane.message(5) { _ in }
          plane.message(6) { extent in
            extent.float(1, 2)
            extent.float(2, 0)
            extent.float(3, 2)
          }
          plane.int32(8, 4)  // TABLE
        }
      }
      frame.message(8) { cloud in
        cloud.int32(1, 3)
        for k in 0..<3 {
          cloud.message(2) { point in
            point.float(1, centre.x + Float(k) * 0.1 - 0.1)
            point.float(2, Self.planeHeight)
            point.float(3, centre.z + 0.2)
          }
        }
        cloud.packedInt64s(3, [101, 102, 103])
      }
      let length = UInt32(frame.bytes.count)
      clip += (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) }
      clip += frame.bytes
    }
    geometry = clip
    let yaw = yawDegrees * .pi / 180
    let (c, s) = (cos(yaw), sin(yaw))
    var sequence = ProtobufWriter()
    sequence.message(1) { object in
      object.int32(1, 7)
      object.string(2, Self.category)
      object.int32(3, 1)  // BOUNDING_BOX
      // Row-major rotation about +y.
      object.packedFloats(4, [c, 0, s, 0, 1, 0, -s, 0, c])
      object.packedFloats(5, [centre.x, centre.y, centre.z])
      object.packedFloats(6, [Self.scale.x, Self.scale.y, Self.scale.z])
      object.int32(8, 1)  // ANNOTATION
    }
    sequence.message(2) { annotation in
      annotation.int32(1, 0)
      annotation.double(4, times.first ?? 0)
    }
    annotation = sequence.bytes
  }
}
