import ARSimulation
import Foundation
import SceneFormat
import SpatialMath
import Testing

@testable import SceneSynthesis

/// The wall fixture recorded by an ARCore app: a 1920x1080 texture with f = 1200 and ARCore
/// principal point (959.5, 539.5) — (960, 540) in continuous texels — a 640x480 CPU image of the
/// same 4:3 sensor (scale 1/3), a 1080x2400 view at ROTATION_0 with a 90° sensor (θ = 90°, the
/// camera in portrait: camera +x is world -y, camera +y is world +x). A wall point (X, Y, -1) is
/// texel (960 - 1200 Y, 540 - 1200 X), CPU pixel (320 + (u - 960)/3, 240 + (v - 540)/3) and
/// upright pixel (480 - v_image, u_image).
@Suite struct SceneSynthesizerARCoreTests {
  static let arcoreWall = SynthesisFixtures.wall
    .replacingOccurrences(
      of:
        "\"vision\": {\"cropAndScale\": \"centerCrop\", \"modelInputSize\": [416, 416], \"orientation\": \"right\"},",
      with: ""
    )
    .replacingOccurrences(
      of: "\"viewport\": {\"size\": [390, 844], \"interfaceOrientation\": \"portrait\"},", with: ""
    )
    .replacingOccurrences(
      of: "\"device\": {\"preset\": \"iPhone15Pro\"},",
      with: """
        "device": {"intrinsics": [1200, 1200, 959.5, 539.5], "imageResolution": [1920, 1080]},
        "arcore": {"displayGeometry": {"rotation": "ROTATION_0", "width": 1080, "height": 2400},
                   "imageSize": [640, 480]},
        """)

  static func recording() throws -> Recording {
    try SceneSynthesizer.recording(spec: SynthesisFixtures.spec(Self.arcoreWall), seed: 3)
  }

  @Test("The header is ARCore's; frames carry the CPU image's intrinsics and no Vision boxes")
  func header() throws {
    let recording = try Self.recording()
    #expect(recording.header.platform == .arcore)
    #expect(recording.header.vision == nil && recording.header.viewport == nil)
    #expect(recording.header.arcore?.displayGeometry.rotation == .rotation0)
    let frame = try #require(recording.frames.first)
    #expect(frame.detections.isEmpty)
    // f / 3 = 400; continuous (960, 540) -> (320, 240), i.e. ARCore's (319.5, 239.5).
    let k = try #require(frame.arcore?.imageIntrinsics)
    #expect(k.focalLength == SIMD2(400, 400))
    #expect(k.principalPoint == SIMD2(319.5, 239.5))
    #expect(k.imageDimensions == Size(width: 640, height: 480))
  }

  @Test("A perfect detector's ML Kit boxes, worked by hand in the upright 480x640 image")
  func boxesByHand() throws {
    // a: X ±0.02, Y ±0.015 -> texels u 942...978, v 516...564 -> CPU u 314...326, v 232...248
    //    -> upright [480 - 248, 314, 480 - 232, 326].
    // b: X 0.075...0.125, Y 0.14...0.16 -> u 768...792, v 390...450 -> CPU u 256...264,
    //    v 190...210 -> upright [270, 256, 290, 264].
    // c: X -0.135...-0.105, Y -0.215...-0.185 -> u 1182...1218, v 666...702 -> CPU u 394...406,
    //    v 282...294 -> upright [186, 394, 198, 406].
    let expected: [String: [Double]] = [
      "hazard": [232, 314, 248, 326], "fan": [270, 256, 290, 264], "ac": [186, 394, 198, 406],
    ]
    for frame in try Self.recording().frames {
      let objects = try #require(frame.arcore?.mlKitObjects)
      #expect(objects.count == 3)
      for object in objects {
        let label = try #require(object.labels.first)
        #expect(object.boundingBox == expected[label.text], "\(label.text)")
        #expect(object.rotationDegrees == 90)
        #expect((0.85...0.95).contains(label.confidence))
      }
    }
  }

  @Test("Each box centre's view ray passes through its truth object")
  func raysThroughTruth() throws {
    let recording = try Self.recording()
    let session = try #require(recording.header.arcore)
    let truth = try #require(recording.header.truth).objects
    let frame = try recording.frames[0].arcoreFrame(session: session)
    for object in try recording.frames[0].mlKitObjects {
      let view = frame.viewPoint(ofCenterOf: object)
      let ray = try #require(frame.ray(throughViewPixel: view.x, view.y))
      let target = try #require(truth.first { $0.label == object.topLabel?.text })
      let p = SIMD3<Float>(target.position)
      let along = (p - ray.origin).dot(ray.direction)
      #expect((ray.point(at: along) - p).length < 1e-5, "\(target.id)")
    }
  }

  @Test("A spec gives either vision and viewport or arcore")
  func exclusiveSettings() throws {
    let both = SynthesisFixtures.wall(
      replacing: "\"device\": {\"preset\": \"iPhone15Pro\"},",
      with: """
        "device": {"preset": "iPhone15Pro"},
        "arcore": {"displayGeometry": {"rotation": "ROTATION_0", "width": 1080, "height": 2400}},
        """)
    do {
      _ = try SynthesisFixtures.spec(both)
      Issue.record("accepted vision with arcore")
    } catch let error as InputFileError {
      #expect(error.jsonPath == "vision", "\(error)")
    }
    let neither = SynthesisFixtures.wall(
      replacing:
        "\"vision\": {\"cropAndScale\": \"centerCrop\", \"modelInputSize\": [416, 416], \"orientation\": \"right\"},",
      with: "")
    do {
      _ = try SynthesisFixtures.spec(neither)
      Issue.record("accepted a spec without vision or arcore")
    } catch let error as InputFileError {
      #expect(error.description.contains("\"vision\""), "\(error)")
    }
    let badRotation = Self.arcoreWall.replacingOccurrences(of: "ROTATION_0", with: "ROTATION_45")
    #expect(throws: InputFileError.self) { try SynthesisFixtures.spec(badRotation) }
  }

  @Test("The spec's JSON form decodes back to the same spec")
  func jsonRoundTrip() throws {
    let spec = try SynthesisFixtures.spec(Self.arcoreWall)
    let again = try SceneSpec(json: spec.jsonValue)
    #expect(again == spec)
  }
}
