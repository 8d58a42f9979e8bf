// libFuzzer target: the scene-spec decoder (`SceneSpec`, `arsim synth`'s input).
//
// Built by scripts/fuzz.sh together with the SpatialMath, ARSimulation, Placement and
// SceneReplay sources, only when the sources define `SceneSpec`. Every input must either decode
// or throw an `InputFileError`; a trap or a sanitizer report is a finding. A decoded spec's
// frame count is read too (it converts a duration times a rate to `Int`), and its first three
// frames are synthesized (seed 1) and must validate as a recording.
import SceneFormat
import SceneSynthesis

/// libFuzzer's entry point: runs one input of `size` bytes at `data`; always returns 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneSpecDecoder(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: size == 0 ? nil : data, count: size))
  guard let spec = try? SceneSpec(jsonBytes: bytes, file: "fuzz.json") else { return 0 }
  _ = spec.frameCount
  guard var synthesizer = try? SceneSynthesizer(spec: spec, seed: 1) else { return 0 }
  var frames: [RecordingFrame] = []
  while frames.count < 3, let frame = synthesizer.nextFrame() { frames.append(frame) }
  let recording = Recording(header: synthesizer.header, frames: frames)
  do {
    try recording.validate()
  } catch {
    fatalError("a synthesized recording does not validate: \(error)")
  }
  return 0
}
