import Foundation
import SceneFormat
import SceneSynthesis

/// `ARSimBenchmarks synth [--spec FILE] [--seed S] [--repetitions R]`
///
/// Times `SceneSynthesizer` on a scene spec (default `Scenes/specs/dashboard-portrait.json`,
/// relative to the working directory): "synthesize" produces every frame in memory (camera,
/// planes, feature points, detections), "synthesizeAndEncode" also writes each frame's canonical
/// JSON line into a reused buffer (what `arsim synth --out x.jsonl` does, without the file).
/// Spec decoding is outside the timed region. Prints medians and frames per second.
enum SynthBenchmarks {
  struct Report: Encodable {
    let spec: String
    let frames: Int
    let synthesize: BenchmarkHarness.Timing
    let synthesizeFramesPerSecond: Double
    let synthesizeAndEncode: BenchmarkHarness.Timing
    let synthesizeAndEncodeFramesPerSecond: Double
    let encodedBytes: Int
  }

  static func run(arguments: [String]) {
    var options = [
      "--spec": "Scenes/specs/dashboard-portrait.json", "--seed": "1", "--repetitions": "5",
    ]
    var index = 0
    while index + 1 < arguments.count {
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let path = options["--spec"]!
    let seed = UInt64(options["--seed"]!) ?? 1
    let repetitions = max(1, Int(options["--repetitions"]!) ?? 5)
    let spec: SceneSpec
    do {
      spec = try SceneSpec(contentsOfFile: path)
      _ = try SceneSynthesizer(spec: spec, seed: seed)
    } catch {
      FileHandle.standardError.write(Data("synth benchmark: \(error)\n".utf8))
      exit(1)
    }
    var frameCount = 0
    let synthesize = BenchmarkHarness.time(repetitions: repetitions) {
      var synthesizer = try! SceneSynthesizer(spec: spec, seed: seed)
      var detections = 0
      frameCount = 0
      while let frame = synthesizer.nextFrame() {
        detections += frame.detections.count
        frameCount += 1
      }
      return Double(detections)
    }
    var encodedBytes = 0
    let encode = BenchmarkHarness.time(repetitions: repetitions) {
      var synthesizer = try! SceneSynthesizer(spec: spec, seed: seed)
      var buffer: [UInt8] = []
      buffer.reserveCapacity(1 << 16)
      var total = 0
      while let frame = synthesizer.nextFrame() {
        buffer.removeAll(keepingCapacity: true)
        try? JSONWriter.write(frame.jsonValue, into: &buffer)
        total += buffer.count + 1
      }
      encodedBytes = total
      return Double(total)
    }
    BenchmarkHarness.printJSON(
      Report(
        spec: path, frames: frameCount, synthesize: synthesize,
        synthesizeFramesPerSecond: Double(frameCount) / synthesize.medianSeconds,
        synthesizeAndEncode: encode,
        synthesizeAndEncodeFramesPerSecond: Double(frameCount) / encode.medianSeconds,
        encodedBytes: encodedBytes))
  }
}
