import ARSimulation
import SceneFormat
import SpatialMath
import Testing
import _TestSupport

/// The format types own the JSON forms of planes, cameras and Vision settings; the domain types
/// (`PlaneAnchor`, `Camera`, `VisionRequestSettings`) convert from them. These tests read the
/// forms through the owners and check the converted values by hand.
@Suite struct RecordingOwnedFormsTests {
  /// A vertical plane whose local +y is world +z (rotation of +90° about x: columns (1,0,0),
  /// (0,0,1), (0,-1,0)), at (0.1, 1.2, -2): the plane of the Recording Format article.
  static let samplePlane = """
    { "identifier": "3F2A", "transform": [1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1],
      "center": [0, 0, 0], "extent": { "width": 0.8, "height": 0.3, "rotationOnYAxis": 0 },
      "boundary": [[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]],
      "alignment": "vertical", "classification": "none" }
    """

  func anchor(_ text: String) throws -> PlaneAnchor {
    try RecordingPlane(json: JSONParser.parse(text), strict: false).planeAnchor()
  }

  @Test func thePlaneSampleConvertsToTheAnchorItDescribes() throws {
    let anchor = try anchor(Self.samplePlane)
    #expect(anchor.identifier == "3F2A")
    #expect(anchor.alignment == .vertical)
    #expect(anchor.classification == PlaneAnchor.Classification.none)
    #expect(anchor.worldNormal == SIMD3(0, 0, 1))
    #expect(anchor.worldPosition.isApproximatelyEqual(to: SIMD3(0.1, 1.2, -2), tolerance: 1e-6))
    #expect(anchor.extent.width == 0.8 && anchor.extent.height == 0.3)
    #expect(anchor.boundary.vertices.count == 4)
    // World (0.1 + 0.3, 1.2, -2) is local x = 0.3 (column 0 is world +x).
    #expect(
      anchor.localPoint(fromWorld: SIMD3(0.4, 1.2, -2)).isApproximatelyEqual(
        to: SIMD3(0.3, 0, 0), tolerance: 1e-6))
    // Back to the owner and to JSON: every member of the sample is written.
    let written = RecordingPlane(anchor).jsonValue
    guard case .object(let members) = written else {
      Issue.record("a plane is not written as an object")
      return
    }
    #expect(
      members.keys.sorted() == [
        "alignment", "boundary", "center", "classification", "extent", "identifier", "transform",
      ])
    #expect(try RecordingPlane(json: written, strict: true).planeAnchor() == anchor)
  }

  @Test func aClockwiseBoundaryAndATiltedNormalLabelledVerticalAreKept() throws {
    // Rotation of 30° about x: the normal (0, cos 30°, sin 30°) is neither horizontal nor vertical.
    let c = Float(0.5 * 3.0.squareRoot())
    let s = Float(0.5)
    let text = """
      { "identifier": "tilted", "transform": [1,0,0,0, 0,\(c),\(s),0, 0,\(-s),\(c),0, 0,0,-1,1],
        "center": [0, 0, 0], "extent": { "width": 1, "height": 1 },
        "boundary": [[-0.5,0,0.5],[0.5,0,0.5],[0.5,0,-0.5],[-0.5,0,-0.5]],
        "alignment": "vertical" }
      """
    let anchor = try anchor(text)
    #expect(anchor.alignment == .vertical)
    #expect(anchor.boundary.contains(localPoint: SIMD3(0.4, 0, -0.4)))
    #expect(anchor.classification == PlaneAnchor.Classification.none)
  }

  /// Each row replaces one member of the sample plane; reading it (or converting it to an
  /// anchor) fails with the path of that member.
  static let planeRejections:
    [(name: String, original: String, replacement: String, path: String)] =
      [
        (
          "scaled transform", "[1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]",
          "[2,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]", "transform"
        ),
        (
          "reflection", "[1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]",
          "[-1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]", "transform"
        ),
        (
          "string in transform", "[1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]",
          #"[1,0,0,0, 0,0,1,0, 0,-1,0,0, "nan",1.2,-2,1]"#, "transform[12]"
        ),
        (
          "15 numbers", "[1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2,1]",
          "[1,0,0,0, 0,0,1,0, 0,-1,0,0, 0.1,1.2,-2]", "transform"
        ),
        ("string in center", #""center": [0, 0, 0]"#, #""center": [0, "nan", 0]"#, "center[1]"),
        ("zero width", #""width": 0.8"#, #""width": 0"#, "extent.width"),
        // 1e39 is a finite Double but not a finite Float: the extent's validation refuses it.
        ("overflowing width", #""width": 0.8"#, #""width": 1e39"#, "extent.width"),
        ("negative height", #""height": 0.3"#, #""height": -0.3"#, "extent.height"),
        (
          "two vertices", "[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]]",
          "[[-0.4, 0, -0.15], [0.4, 0, -0.15]]", "boundary"
        ),
        (
          "concave", "[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]]",
          "[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0, 0, -0.1], [-0.4, 0, 0.15]]", "boundary"
        ),
        (
          "bow tie", "[[-0.4, 0, -0.15], [0.4, 0, -0.15], [0.4, 0, 0.15], [-0.4, 0, 0.15]]",
          "[[-0.4, 0, -0.15], [0.4, 0, 0.15], [0.4, 0, -0.15], [-0.4, 0, 0.15]]", "boundary"
        ),
        (
          "unknown alignment", #""alignment": "vertical""#, #""alignment": "diagonal""#, "alignment"
        ),
        (
          "unknown classification", #""classification": "none""#, #""classification": "sofa""#,
          "classification"
        ),
      ]

  @Test(arguments: planeRejections.indices)
  func planeErrorsNameTheMember(index: Int) throws {
    let row = Self.planeRejections[index]
    let text = Self.samplePlane.replacingOccurrences(of: row.original, with: row.replacement)
    try #require(text != Self.samplePlane, "fixture edit did not apply: \(row.name)")
    let error = try #require(throws: InputFileError.self, "\(row.name)") { try anchor(text) }
    #expect(error.jsonPath == row.path, "\(row.name): \(error)")
  }

  static let sampleCamera = """
    {"transform": [1,0,0,0, 0,1,0,0, 0,0,1,0, 0.5,1,-2,1],
     "intrinsics": [1000,0,0, 0,1000,0, 960,720,1], "imageResolution": [1920, 1440],
     "distortion": {"k1": 0.1, "p2": -0.002}}
    """

  @Test func theCameraFormCarriesDistortion() throws {
    let record = try RecordingCamera(json: JSONParser.parse(Self.sampleCamera), strict: true)
    // Absent coefficients are 0.
    #expect(record.distortion == RecordingLensDistortion(k1: 0.1, p2: -0.002))
    let camera = try record.camera()
    let lens = try #require(camera.distortion)
    #expect(lens.k1 == 0.1 && lens.k2 == 0 && lens.p1 == 0 && lens.p2 == -0.002 && lens.k3 == 0)
    #expect(camera.positionInWorld == SIMD3(0.5, 1, -2))
    // Back to the owner: all five coefficients are written, and the camera reads back equal.
    let back = RecordingCamera(camera)
    #expect(back.distortion == RecordingLensDistortion(k1: 0.1, p2: -0.002))
    #expect(try RecordingCamera(json: back.jsonValue, strict: true).camera() == camera)
    // Without distortion nothing is written.
    let pinhole = try Camera(
      transform: .identity, intrinsics: camera.intrinsics, imageResolution: camera.imageResolution)
    guard case .object(let members) = RecordingCamera(pinhole).jsonValue else {
      Issue.record("a camera is not written as an object")
      return
    }
    #expect(members["distortion"] == nil)
  }

  @Test(arguments: [
    (#""intrinsics": [1000,0,0"#, #""intrinsics": [0,0,0"#, "intrinsics[0]"),
    (#""k1": 0.1"#, #""k1": "0.1""#, "distortion.k1"),
    (#""k1": 0.1"#, #""k1": 0.1, "k4": 1"#, "distortion.k4"),
  ])
  func cameraErrorsNameTheMember(original: String, replacement: String, path: String) throws {
    let text = Self.sampleCamera.replacingOccurrences(of: original, with: replacement)
    try #require(text != Self.sampleCamera)
    let error = try #require(throws: InputFileError.self) {
      try RecordingCamera(json: JSONParser.parse(text), strict: true).camera()
    }
    #expect(error.jsonPath == path, "\(error)")
  }

  @Test func theVisionFormCarriesTheScaleFitAlignment() throws {
    let text = """
      {"cropAndScale": "scaleFit", "modelInputSize": [416, 416], "orientation": "right",
       "scaleFitAlignment": {"horizontal": 0, "vertical": 1}}
      """
    let record = try RecordingVision(json: JSONParser.parse(text), strict: true)
    let settings = try record.requestSettings()
    #expect(settings.scaleFitAlignment == .bottomLeft)
    #expect(RecordingVision(settings) == record)
    // Centred is the default and is not written.
    let centred = try VisionRequestSettings(
      orientation: .up, cropAndScale: .scaleFit, modelInputSize: Size(width: 416, height: 416))
    #expect(RecordingVision(centred).scaleFitAlignment == nil)
    #expect(try RecordingVision(centred).requestSettings().scaleFitAlignment == .center)
    let outside = text.replacingOccurrences(of: #""vertical": 1"#, with: #""vertical": 1.5"#)
    let error = try #require(throws: InputFileError.self) {
      try RecordingVision(json: JSONParser.parse(outside), strict: true)
    }
    #expect(error.jsonPath == "scaleFitAlignment")
  }

  @Test func featurePointsAndPlanesMakeAFrameWorld() throws {
    let points = try RecordingFeaturePoints(
      json: JSONParser.parse(#"{"points": [[0, 1, 2]], "identifiers": [5]}"#), strict: true)
    let frame = RecordingFrame(
      timestamp: 0,
      camera: RecordingCamera(
        transform: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        intrinsics: [1000, 0, 0, 0, 1000, 0, 960, 720, 1],
        imageResolution: Size(width: 1920, height: 1440)),
      planes: [try RecordingPlane(json: JSONParser.parse(Self.samplePlane), strict: true)],
      featurePoints: points)
    let world = try frame.frameWorld()
    #expect(world.planeAnchors.count == 1)
    #expect(world.featurePoints.identifiers == [5])
    #expect(world.featurePoints.points == [SIMD3(0, 1, 2)])
    #expect(world.planeAnchor(identifier: "3F2A") != nil)
    // A point beyond Float's range is refused with its path: when read (naming the coordinate),
    // and when a point set built in code is converted.
    let decodeError = try #require(throws: InputFileError.self) {
      try RecordingFeaturePoints(
        json: JSONParser.parse(#"{"points": [[0, 1e39, 0]]}"#), strict: true)
    }
    #expect(decodeError.jsonPath == "points[0][1]")
    #expect(
      decodeError.message
        == "must be within Float's range (magnitude at most 3.4028235e+38), got 1e+39")
    var bad = frame
    bad.featurePoints = RecordingFeaturePoints(points: [SIMD3(0, 1e39, 0)], identifiers: nil)
    let error = try #require(throws: InputFileError.self) { try bad.frameWorld() }
    #expect(error.jsonPath == "featurePoints.points[0]")
  }
}

/// The sample in the Recording Format article is a valid recording, read strictly (every member
/// it shows is one the format defines).
@Suite struct RecordingFormatArticleTests {
  @Test func theArticleSampleDecodesStrictly() throws {
    let url = RecordingFixtures.packageRoot().appendingPathComponent(
      "Sources/SceneFormat/SceneFormat.docc/RecordingFormat.md")
    let text = try String(contentsOf: url, encoding: .utf8)
    let members = try #require(text.range(of: "## Members"))
    let start = try #require(text[members.upperBound...].range(of: "```json\n"))
    let end = try #require(text[start.upperBound...].range(of: "```"))
    let sample = String(text[start.upperBound..<end.lowerBound])
    let recording = try Recording(json: JSONParser.parse(sample), strict: true)
    #expect(recording.frames.count == 1)
    let frame = try #require(recording.frames.first)
    #expect(frame.camera.distortion == RecordingLensDistortion(k1: 0.02, k2: -0.01))
    #expect(try frame.frameWorld().planeAnchors.map(\.identifier) == ["3F2A"])
  }
}
