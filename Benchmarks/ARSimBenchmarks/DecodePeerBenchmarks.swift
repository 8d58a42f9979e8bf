import Foundation
import SceneFormat
import SpatialMath

/// `ARSimBenchmarks decode-peers [--files F1,F2,...] [--generated-megabytes M] [--rounds N]
/// [--repetitions R] [--python python3]`
///
/// JSON ingest against its peers on the same files, in one run: per file and round, interleaved,
/// the medians over R repetitions of
/// - `parse`: read the file + `JSONParser` into `JSONValue`;
/// - `decode`: read + parse + typed records + validation (`Recording(contentsOfFile:)`);
/// - `foundationJSONSerialization`: read + `JSONSerialization.jsonObject` (untyped, like json.load);
/// - `foundationJSONDecoder`: read + `JSONDecoder().decode(Recording.self, ...)` (typed, through the
///   Codable conformance);
/// - `pythonJSONLoad`: `Benchmarks/peers/python_json_load.py` (open + json.load, timed inside
///   Python, so interpreter start-up is excluded).
/// Ratios (decode over json.load, ...) are taken within a round; the medians over rounds are
/// reported with the load average. Default files: every `Scenes/*.json` recording plus a generated
/// recording of about M megabytes (default 100; 0 for none), written outside the timed regions.
enum DecodePeerBenchmarks {
  struct Row: Encodable {
    var file: String
    var bytes: Int
    var parseMBPerSecond: Double
    var decodeMBPerSecond: Double
    var foundationJSONSerializationMBPerSecond: Double
    var foundationJSONDecoderMBPerSecond: Double
    var pythonJSONLoadMBPerSecond: Double?
    var decodeOverPythonJSONLoad: Double?
    var parseOverPythonJSONLoad: Double?
    var decodeOverFoundationJSONDecoder: Double
    var decodeOverFoundationJSONSerialization: Double
  }

  struct Report: Encodable {
    var benchmark = "decode-peers"
    var rounds: Int
    var repetitions: Int
    var loadAverageStart: [Double]
    var loadAverageEnd: [Double]
    var rows: [Row]
  }

  static func run(arguments: [String]) {
    var options = [
      "--files": "", "--generated-megabytes": "100", "--rounds": "3", "--repetitions": "5",
      "--python": "python3",
    ]
    var index = 0
    while index + 1 < arguments.count {
      guard options[arguments[index]] != nil else {
        RaycastCLIBenchmarks.fail("decode-peers: unknown option \(arguments[index])", code: 64)
      }
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let rounds = max(1, Int(options["--rounds"]!) ?? 3)
    let repetitions = max(1, Int(options["--repetitions"]!) ?? 5)
    var files = options["--files"]!.split(separator: ",").map(String.init)
    if files.isEmpty {
      let scenes = (try? FileManager.default.contentsOfDirectory(atPath: "Scenes")) ?? []
      files = scenes.filter { $0.hasSuffix(".json") }.sorted().map { "Scenes/\($0)" }
    }
    let megabytes = Double(options["--generated-megabytes"]!) ?? 100
    if megabytes > 0 {
      // The decode benchmark's recording: about 13.3 kB per frame with 300 feature points
      // (1,960 frames wrote 26.05 MB; 7,647 frames 103.24 MB).
      let frames = max(1, Int(megabytes * 1e6 / 13_300))
      var generator = SplitMix64(seed: 1)
      let recording = DecodeBenchmarks.makeRecording(
        frames: frames, points: 300, generator: &generator)
      let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "arsim-decode-peers-\(frames).json"
      ).path
      do {
        try recording.write(toFile: path)
      } catch {
        RaycastCLIBenchmarks.fail("decode-peers: cannot write \(path): \(error)")
      }
      files.append(path)
    }
    let python = options["--python"]!
    let start = RaycastCLIBenchmarks.loadAverage()
    var rows: [Row] = []
    for file in files {
      let bytes = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
      let megabytes = Double(bytes) / 1e6
      var columns: [String: [Double]] = [:]
      for _ in 0..<rounds {
        var mbps: [String: Double] = [:]
        mbps["parse"] =
          megabytes
          / median(repetitions) {
            let data = FileManager.default.contents(atPath: file) ?? Data()
            let value = try? data.withUnsafeBytes {
              try JSONParser.parse($0.bindMemory(to: UInt8.self))
            }
            return value == nil ? 0 : 1
          }
        mbps["decode"] =
          megabytes
          / median(repetitions) {
            guard let recording = try? Recording(contentsOfFile: file) else {
              RaycastCLIBenchmarks.fail("decode-peers: \(file) does not decode")
            }
            return Double(recording.frames.count)
          }
        mbps["serialization"] =
          megabytes
          / median(repetitions) {
            let data = FileManager.default.contents(atPath: file) ?? Data()
            return (try? JSONSerialization.jsonObject(with: data)) == nil ? 0 : 1
          }
        mbps["decoder"] =
          megabytes
          / median(repetitions) {
            let data = FileManager.default.contents(atPath: file) ?? Data()
            guard let recording = try? JSONDecoder().decode(Recording.self, from: data) else {
              RaycastCLIBenchmarks.fail("decode-peers: JSONDecoder cannot decode \(file)")
            }
            return Double(recording.frames.count)
          }
        if !python.isEmpty {
          let peer = RaycastCLIBenchmarks.runJSON(
            "/usr/bin/env",
            [
              python, "Benchmarks/peers/python_json_load.py", file, "--repetitions",
              "\(repetitions)",
            ])
          mbps["python"] = (peer["mbPerSecond"] as? NSNumber)?.doubleValue
        }
        for (key, value) in mbps { columns[key, default: []].append(value) }
        if let p = mbps["python"] {
          columns["decode/python", default: []].append(mbps["decode"]! / p)
          columns["parse/python", default: []].append(mbps["parse"]! / p)
        }
        columns["decode/decoder", default: []].append(mbps["decode"]! / mbps["decoder"]!)
        columns["decode/serialization", default: []].append(
          mbps["decode"]! / mbps["serialization"]!)
      }
      func m(_ key: String) -> Double? {
        columns[key].map { RaycastCLIBenchmarks.median($0) }
      }
      rows.append(
        Row(
          file: file, bytes: bytes, parseMBPerSecond: m("parse")!,
          decodeMBPerSecond: m("decode")!,
          foundationJSONSerializationMBPerSecond: m("serialization")!,
          foundationJSONDecoderMBPerSecond: m("decoder")!, pythonJSONLoadMBPerSecond: m("python"),
          decodeOverPythonJSONLoad: m("decode/python"), parseOverPythonJSONLoad: m("parse/python"),
          decodeOverFoundationJSONDecoder: m("decode/decoder")!,
          decodeOverFoundationJSONSerialization: m("decode/serialization")!))
    }
    BenchmarkHarness.printJSON(
      Report(
        rounds: rounds, repetitions: repetitions, loadAverageStart: start,
        loadAverageEnd: RaycastCLIBenchmarks.loadAverage(), rows: rows))
  }

  /// The median wall time in seconds of `repetitions` runs of `body` (after one warm-up run).
  static func median(_ repetitions: Int, _ body: () -> Double) -> Double {
    BenchmarkHarness.time(repetitions: repetitions, body).medianSeconds
  }
}
