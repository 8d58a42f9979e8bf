import ARSimulation
import Foundation
import SpatialMath
import Testing

@testable import SceneFormat

/// A one-frame ARCore recording worked by hand: the camera at the origin looking along -z, a
/// 640x480 texture (f = 500, ARCore principal point (319.5, 239.5): (320, 240) in continuous
/// texels), a 320x240 CPU image (f = 250, (159.5, 119.5)), a 640x480 view at ROTATION_90 (the
/// texture shown unrotated and uncropped), and a table plane whose extent is off the anchor's
/// origin and turned 90° about y.
@Suite("ARCore recordings")
struct RecordingARCoreTests {
  static func text(
    header: String =
      #""platform":"arcore","arcore":{"displayGeometry":{"rotation":"ROTATION_90","width":640,"height":480}}"#,
    arcore: String =
      #""imageIntrinsics":{"focalLength":[250,250],"principalPoint":[159.5,119.5],"imageDimensions":[320,240]},"pointConfidences":[0.5,1],"mlKitObjects":[{"boundingBox":[100,50,140,90],"rotationDegrees":0,"trackingId":4,"labels":[{"text":"hazard","confidence":0.9}]}]"#,
    camera: String =
      #""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[500,0,0,0,500,0,319.5,239.5,1],"imageResolution":[640,480]"#
  ) -> String {
    """
    {"format":"arplacementsim.recording","version":1,\(header),
     "frames":[{"timestamp":1.25,"camera":{\(camera)},
       "planes":[{"identifier":"table","transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,-1,-2,1],
         "center":[0.1,0,0.2],"extent":{"width":1,"height":0.6,"rotationOnYAxis":1.5707963267948966},
         "boundary":[[-0.2,0,-0.1],[0.4,0,-0.1],[0.4,0,0.5],[-0.2,0,0.5]],"alignment":"horizontal"}],
       "featurePoints":{"points":[[0,0,-3],[1,1,-3]],"identifiers":[7,8]},
       "detections":[],"arcore":{\(arcore)}}]}
    """
  }

  static func decode(_ text: String, strict: Bool = false) throws -> Recording {
    try Recording(jsonBytes: Array(text.utf8), file: "session.json", strict: strict)
  }

  static func frame(_ text: String = Self.text()) throws -> ARCore.Frame {
    let recording = try decode(text)
    let session = try #require(recording.header.arcore)
    return try recording.frames[0].arcoreFrame(session: session)
  }

  @Test("Header, camera streams and the point cloud convert as worked by hand")
  func decodes() throws {
    let recording = try Self.decode(Self.text())
    #expect(recording.header.platform == .arcore)
    #expect(recording.header.arcore?.sensorOrientation == 90)
    #expect(recording.header.arcore?.principalPointConvention == .pixelCentersAtIntegers)
    let frame = try Self.frame()
    #expect(frame.timestampNanoseconds == 1_250_000_000)
    #expect(frame.displayGeometry.rotation == .rotation90)
    #expect(frame.camera.textureIntrinsics.principalPointPixels == SIMD2(319.5, 239.5))
    #expect(frame.camera.imageIntrinsics.imageDimensions == Size(width: 320, height: 240))
    // CPU image pixel (160, 120), its continuous principal point, is texel (320, 240); scale 2.
    let texels = frame.transformCoordinates2d(
      from: .imagePixels, [Point(x: 160, y: 120), Point(x: 0, y: 0)], to: .textureTexels)
    #expect(texels == [Point(x: 320, y: 240), Point(x: 0, y: 0)])
    #expect(frame.pointCloud.identifiers == [7, 8])
    #expect(frame.pointCloud.confidences == [0.5, 1])
  }

  @Test("The plane's center pose and polygon: extent centre and rotation folded in")
  func plane() throws {
    let plane = try #require(try Self.frame().planes.first)
    #expect(plane.type == .horizontalUpwardFacing)
    #expect(plane.extentX == 1 && abs(plane.extentZ - 0.6) < 1e-7)
    // centerPose = T(0, -1, -2) T(0.1, 0, 0.2) R_y(90°).
    #expect(
      plane.centerPose.translation.isApproximatelyEqual(to: SIMD3(0.1, -1, -1.8), tolerance: 1e-6))
    #expect(plane.centerPose.xAxis.isApproximatelyEqual(to: SIMD3(0, 0, -1), tolerance: 1e-6))
    // Boundary vertex (x, z) - centre, turned by -90° about y: (-z, x).
    let expected: [SIMD2<Float>] = [
      SIMD2(0.3, -0.3), SIMD2(0.3, 0.3), SIMD2(-0.3, 0.3), SIMD2(-0.3, -0.3),
    ]
    for (vertex, want) in zip(plane.polygon, expected) {
      #expect(abs(vertex.x - want.x) < 1e-6 && abs(vertex.y - want.y) < 1e-6, "\(vertex)")
    }
  }

  @Test("Hit tests run on the converted frame")
  func hitTests() throws {
    let frame = try Self.frame()
    // Towards the plane's centre (0.1, -1, -1.8): inside the polygon, distance √(0.01 + 1 + 3.24).
    let hit = try #require(frame.hitTest(origin: .zero, direction: SIMD3(0.1, -1, -1.8)).first)
    #expect(abs(hit.distance - (4.25 as Float).squareRoot()) < 1e-5)
    guard case .plane(let plane) = hit.trackable else {
      Issue.record("expected the table")
      return
    }
    #expect(plane.isPoseInPolygon(hit.hitPose))
    // View (320, 440) looks along (0, -0.4, -1) and meets y = -1 at (0, -1, -2.5): 0.7 m along
    // the plane's local x from its centre, 0.4 m outside the polygon: no hit.
    #expect(frame.hitTest(x: 320, y: 440).isEmpty)
  }

  @Test("ML Kit objects: the box centre (120, 70) of the CPU image is texel and view (240, 140)")
  func mlKit() throws {
    let recording = try Self.decode(Self.text())
    let objects = try recording.frames[0].mlKitObjects
    #expect(objects.count == 1)
    let object = try #require(objects.first)
    #expect(object.trackingID == 4 && object.topLabel?.text == "hazard")
    // u_t = 320 + 2 (120 - 160) = 240, v_t = 240 + 2 (70 - 120) = 140; the view is the texture.
    let frame = try Self.frame()
    #expect(
      frame.viewPoint(ofCenterOf: object).isApproximatelyEqual(
        to: Point(x: 240, y: 140), tolerance: 1e-9))
  }

  @Test("Round trip: the same bytes again, and an ARKit recording writes no platform")
  func roundTrip() throws {
    let recording = try Self.decode(Self.text())
    let bytes = try recording.jsonBytes()
    let again = try Recording(jsonBytes: bytes)
    #expect(again == recording)
    #expect(try again.jsonBytes() == bytes)
    let arkit = Recording(header: RecordingHeader(), frames: [])
    #expect(!String(decoding: try arkit.jsonBytes(), as: UTF8.self).contains("platform"))
  }

  @Test("Depth: the session's depth mode gives the frame's depth maps as millimetre images")
  func depth() throws {
    let header =
      #""platform":"arcore","arcore":{"depthMode":"AUTOMATIC","displayGeometry":{"rotation":"ROTATION_90","width":640,"height":480}}"#
    var recording = try Self.decode(Self.text(header: header))
    let session = try #require(recording.header.arcore)
    #expect(session.depthMode == .automatic)
    // A 2x2 raw map (one pixel without return) and a smoothed one, hand-made.
    let raw = try DepthData(
      depthMap: DepthMap(width: 2, height: 2, depthMeters: [1.5, 0, 2.25, 3.0004]),
      confidenceMap: [.high, .low, .medium, .low])
    let smoothed = try DepthData(
      depthMap: DepthMap(width: 2, height: 2, depthMeters: [1.5, 1.75, 2.25, 3]),
      confidenceMap: [.high, .high, .high, .high])
    recording.frames[0].sceneDepth = RecordingDepth(raw)
    var frame = try recording.frames[0].arcoreFrame(session: session)
    // Without a smoothed map the full image is the raw one.
    #expect(try frame.acquireDepthImage16Bits().millimeters == [1500, 0, 2250, 3000])
    recording.frames[0].smoothedSceneDepth = RecordingDepth(smoothed)
    frame = try recording.frames[0].arcoreFrame(session: session)
    #expect(try frame.acquireDepthImage16Bits().millimeters == [1500, 1750, 2250, 3000])
    #expect(try frame.acquireRawDepthImage16Bits().millimeters == [1500, 0, 2250, 3000])
    #expect(try frame.acquireRawDepthConfidenceImage().values == [255, 0, 170, 85])

    var disabled = session
    disabled.depthMode = .disabled
    let plain = try recording.frames[0].arcoreFrame(session: disabled)
    #expect(plain.depth == .none)
    #expect(throws: ARCoreError.self) { try plain.acquireRawDepthImage16Bits() }
    // The member survives a round trip; an unknown mode is refused naming it.
    let again = try Recording(jsonBytes: try recording.jsonBytes())
    #expect(again.header.arcore?.depthMode == .automatic)
    let bad =
      #""platform":"arcore","arcore":{"depthMode":"ON","displayGeometry":{"rotation":"ROTATION_90","width":640,"height":480}}"#
    do {
      _ = try Self.decode(Self.text(header: bad))
      Issue.record("accepted depthMode ON")
    } catch let error as InputFileError {
      #expect(error.jsonPath == "arcore.depthMode", "\(error.description)")
      #expect(error.description.contains("RAW_DEPTH_ONLY"), "\(error.description)")
    }
  }

  @Test("Tracking states: a paused camera or plane gives no hits")
  func trackingStates() throws {
    let paused = Self.text(arcore: #""trackingState":"PAUSED""#)
    #expect(try Self.frame(paused).hitTest(origin: .zero, direction: SIMD3(0.1, -1, -1.8)).isEmpty)
    let pausedPlane = Self.text(
      arcore: #""planeStates":[{"identifier":"table","trackingState":"PAUSED"}]"#)
    #expect(
      try Self.frame(pausedPlane).hitTest(origin: .zero, direction: SIMD3(0.1, -1, -1.8)).isEmpty)
  }

  @Test("The tracking failure reason: NONE unless recorded, written only when it is not")
  func trackingFailureReason() throws {
    #expect(try Self.frame().camera.trackingFailureReason == .none)
    let recording = try Self.decode(Self.text())
    #expect(!String(decoding: try recording.jsonBytes(), as: UTF8.self).contains("FailureReason"))
    let fast = try Self.decode(
      Self.text(arcore: #""trackingState":"PAUSED","trackingFailureReason":"EXCESSIVE_MOTION""#))
    let session = try #require(fast.header.arcore)
    let camera = try fast.frames[0].arcoreFrame(session: session).camera
    #expect(camera.trackingState == .paused && camera.trackingFailureReason == .excessiveMotion)
    let again = try Recording(jsonBytes: try fast.jsonBytes())
    #expect(again.frames[0].arcore?.trackingFailureReason == .excessiveMotion)
    #expect(ARCore.TrackingFailureReason(name: "INSUFFICIENT_LIGHT") == .insufficientLight)
  }

  @Test(
    "Bad ARCore members are refused naming the JSON path",
    arguments: [
      (Self.text(header: #""platform":"arcore""#), "arcore"),
      (Self.text(header: #""platform":"android""#), "platform"),
      (
        Self.text(
          header:
            #""platform":"arcore","arcore":{"displayGeometry":{"rotation":"ROTATION_45","width":640,"height":480}}"#
        ),
        "arcore.displayGeometry.rotation"
      ),
      (
        Self.text(
          header:
            #""platform":"arcore","arcore":{"displayGeometry":{"rotation":"ROTATION_0","width":640.5,"height":480}}"#
        ),
        "arcore.displayGeometry.width"
      ),
      (
        Self.text(
          header:
            #""platform":"arcore","arcore":{"sensorOrientation":45,"displayGeometry":{"rotation":"ROTATION_0","width":640,"height":480}}"#
        ),
        "arcore.sensorOrientation"
      ),
      (
        Self.text(
          arcore: #""mlKitObjects":[{"boundingBox":[100,50,140,90],"rotationDegrees":45}]"#),
        "frames[0].arcore.mlKitObjects[0].rotationDegrees"
      ),
      (
        Self.text(arcore: #""mlKitObjects":[{"boundingBox":[140,50,100,90],"rotationDegrees":0}]"#),
        "frames[0].arcore.mlKitObjects[0].boundingBox"
      ),
      (
        Self.text(
          arcore:
            #""mlKitObjects":[{"boundingBox":[1,2,3,4],"rotationDegrees":0,"labels":[{"text":"a","confidence":2}]}]"#
        ),
        "frames[0].arcore.mlKitObjects[0].labels[0].confidence"
      ),
      (Self.text(arcore: #""pointConfidences":[1]"#), "frames[0].arcore.pointConfidences"),
      (Self.text(arcore: #""pointConfidences":[1,1.5]"#), "frames[0].arcore.pointConfidences[1]"),
      (
        Self.text(arcore: #""planeStates":[{"identifier":"wall"}]"#),
        "frames[0].arcore.planeStates[0].identifier"
      ),
      (
        Self.text(
          arcore:
            #""imageIntrinsics":{"focalLength":[0,250],"principalPoint":[1,1],"imageDimensions":[320,240]}"#
        ),
        "frames[0].arcore.imageIntrinsics.focalLength[0]"
      ),
      (Self.text(arcore: #""trackingState":"LOST""#), "frames[0].arcore.trackingState"),
      (
        Self.text(arcore: #""trackingFailureReason":"TOO_DARK","trackingState":"PAUSED""#),
        "frames[0].arcore.trackingFailureReason"
      ),
      // ARCore reports NONE while tracking: a reason needs PAUSED.
      (
        Self.text(arcore: #""trackingFailureReason":"EXCESSIVE_MOTION""#),
        "frames[0].arcore.trackingFailureReason"
      ),
    ])
  func badMembers(text: String, path: String) throws {
    do {
      _ = try Self.decode(text)
      Issue.record("accepted a recording with a bad \(path)")
    } catch let error as InputFileError {
      #expect(error.jsonPath == path, "\(error.description)")
      #expect(error.description.hasPrefix("session.json: \(path): "), "\(error.description)")
    }
  }

  @Test("Converting a frame with lens distortion is refused: ARCore's streams are pinholes")
  func distortionRefused() throws {
    let text = Self.text(
      camera:
        #""transform":[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],"intrinsics":[500,0,0,0,500,0,319.5,239.5,1],"imageResolution":[640,480],"distortion":{"k1":0.1}"#
    )
    let recording = try Self.decode(text)
    let session = try #require(recording.header.arcore)
    #expect(throws: InputFileError.self) { try recording.frames[0].arcoreFrame(session: session) }
    do {
      _ = try recording.frames[0].arcoreFrame(session: session)
    } catch let error as InputFileError {
      #expect(error.jsonPath == "camera.distortion")
    }
  }

  @Test("Strict reading reports unknown members inside the ARCore blocks")
  func strict() throws {
    #expect(throws: InputFileError.self) {
      try Self.decode(
        Self.text(arcore: #""trackingState":"TRACKING","colour":"red""#), strict: true)
    }
  }
}
