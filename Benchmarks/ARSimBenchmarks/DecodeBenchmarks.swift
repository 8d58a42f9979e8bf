import Foundation
import SceneFormat
import SceneReplay
import SpatialMath

/// `ARSimBenchmarks decode [--frames N] [--points P] [--repetitions R] [--seed S] [--out FILE]
/// [--file RECORDING]` (`--file` times an existing recording instead of a generated one)
///
/// Generates a large recording (seeded), writes it as JSON to FILE (default a temporary file),
/// then times, per repetition: reading the file + parsing into `JSONValue` ("parse"), and
/// reading + parsing + decoding + validating into `Recording` ("decode"). Prints one JSON object
/// (sorted keys) with medians in seconds and MB/s (10^6 bytes). Generation and writing are
/// outside the timed region. Compare with `Benchmarks/peers/python_json_load.py FILE`.
enum DecodeBenchmarks {
  static func run(arguments: [String]) {
    var options = [
      "--frames": "2000", "--points": "300", "--repetitions": "7", "--seed": "1", "--out": "",
      "--file": "",
    ]
    var index = 0
    while index + 1 < arguments.count {
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let frameCount = Int(options["--frames"]!) ?? 2000
    let pointCount = Int(options["--points"]!) ?? 300
    let repetitions = max(1, Int(options["--repetitions"]!) ?? 7)
    var generator = SplitMix64(seed: UInt64(options["--seed"]!) ?? 1)
    var path =
      options["--out"]!.isEmpty
      ? FileManager.default.temporaryDirectory.appendingPathComponent("arsim-decode-bench.json")
        .path
      : options["--out"]!

    let recording: Recording
    do {
      if options["--file"]!.isEmpty {
        recording = makeRecording(frames: frameCount, points: pointCount, generator: &generator)
        try recording.write(toFile: path)
      } else {
        path = options["--file"]!
        recording = try Recording(contentsOfFile: path)
      }
    } catch {
      FileHandle.standardError.write(Data("decode benchmark: \(error)\n".utf8))
      exit(1)
    }
    let byteCount = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0

    var parseSeconds: [Double] = []
    var decodeSeconds: [Double] = []
    let clock = ContinuousClock()
    var checksum = 0
    for _ in 0..<repetitions {
      let start = clock.now
      if let data = FileManager.default.contents(atPath: path),
        let value = try? data.withUnsafeBytes({
          try JSONParser.parse($0.bindMemory(to: UInt8.self))
        }),
        case .object(let members) = value
      {
        checksum &+= members.count
      }
      parseSeconds.append(seconds(clock.now - start))

      let decodeStart = clock.now
      guard let decoded = try? Recording(contentsOfFile: path) else {
        FileHandle.standardError.write(Data("decode benchmark: decoding failed\n".utf8))
        exit(1)
      }
      decodeSeconds.append(seconds(clock.now - decodeStart))
      guard decoded == recording else {
        FileHandle.standardError.write(Data("decode benchmark: decoded recording differs\n".utf8))
        exit(1)
      }
      checksum &+= decoded.frames.count
    }
    let megabytes = Double(byteCount) / 1e6
    let parseMedian = median(parseSeconds)
    let decodeMedian = median(decodeSeconds)
    let result: JSONValue = .object([
      "benchmark": .string("decode"),
      "file": .string(path),
      "bytes": .number(Double(byteCount)),
      "frames": .number(Double(recording.frames.count)),
      "pointsPerFrame": .number(Double(pointCount)),
      "repetitions": .number(Double(repetitions)),
      "parseMedianSeconds": .number(parseMedian),
      "parseMBPerSecond": .number(megabytes / parseMedian),
      "decodeMedianSeconds": .number(decodeMedian),
      "decodeMBPerSecond": .number(megabytes / decodeMedian),
      "checksum": .number(Double(checksum)),
    ])
    if let bytes = try? JSONWriter.bytes(of: result) {
      print(String(decoding: bytes, as: UTF8.self))
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
  }

  static func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  /// Frames 1/60 s apart, a camera walking along x, 4 planes, `points` feature points and 3
  /// detections per frame; numbers with about 7 significant digits like device recordings.
  static func makeRecording(frames: Int, points: Int, generator: inout SplitMix64) -> Recording {
    func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }
    var result: [RecordingFrame] = []
    result.reserveCapacity(frames)
    for index in 0..<frames {
      let angle = generator.uniform(-0.2...0.2)
      let (c, s) = (cos(angle), sin(angle))
      let camera = RecordingCamera(
        transform: [
          c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, rounded(0.001 * Double(index)), 1.4,
          rounded(generator.uniform(-0.1...0.1)), 1,
        ],
        intrinsics: [1445.3, 0, 0, 0, 1445.3, 0, 959.5, 719.5, 1],
        imageResolution: .init(width: 1920, height: 1440))
      let planes = (0..<4).map { k in
        RecordingPlane(
          identifier: "PLANE-\(k)",
          transform: [
            1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, Double(k), -1,
            rounded(generator.uniform(-3 ... -1)), 1,
          ],
          center: SIMD3(rounded(generator.uniform(-0.1...0.1)), 0, 0),
          extent: RecordingPlaneExtent(
            width: rounded(generator.uniform(0.2...2)), height: rounded(generator.uniform(0.2...2))),
          boundary: (0..<8).map { v in
            let a = Double(v) * Double.pi / 4
            return SIMD3(rounded(0.5 * cos(a)), 0, rounded(0.5 * sin(a)))
          },
          alignment: k % 2 == 0 ? .horizontal : .vertical, classification: k == 0 ? .floor : .wall)
      }
      let cloud = RecordingFeaturePoints(
        points: (0..<points).map { _ in
          SIMD3(
            rounded(generator.uniform(-2...2)), rounded(generator.uniform(-1...1)),
            rounded(generator.uniform(-4 ... -0.5)))
        },
        identifiers: (0..<points).map { UInt64(index * points + $0) })
      let detections = (0..<3).map { k in
        RecordingDetection(
          label: "label-\(k)", confidence: rounded(generator.uniform(0.3...1)),
          boundingBox: .init(
            x: rounded(generator.uniform(0...0.5)), y: rounded(generator.uniform(0...0.5)),
            width: 0.1, height: 0.2))
      }
      result.append(
        RecordingFrame(
          timestamp: 100 + Double(index) / 60, camera: camera, planes: planes, featurePoints: cloud,
          detections: detections))
    }
    return Recording(
      header: RecordingHeader(
        vision: RecordingVision(
          cropAndScale: .centerCrop, modelInputSize: .init(width: 416, height: 416),
          orientation: .right),
        viewport: RecordingViewport(
          size: .init(width: 390, height: 844), interfaceOrientation: .portrait)),
      frames: result)
  }
}
