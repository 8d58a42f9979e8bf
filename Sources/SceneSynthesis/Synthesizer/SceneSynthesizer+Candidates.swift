import ARSimulation
import Placement
import SceneFormat
import SpatialMath

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#elseif canImport(Musl)
  import Musl
#endif

extension SceneSynthesizer {
  /// The raw candidates of one frame (see ``CandidateModelSpec``) and the observations Vision
  /// returns after the spec's NMS, both rounded as recordings are (boxes to 1e-6, confidences to
  /// 1e-4).
  mutating func candidatesAndObservations(camera: Camera, geometry: VisionGeometry) -> (
    candidates: [RecordingDetectionCandidate], observations: [RecordingDetection]
  ) {
    guard let model = spec.detector.candidates else {
      return ([], detections(camera: camera, geometry: geometry))
    }
    var candidates: [RecordingDetectionCandidate] = []
    for report in detectorReports(camera: camera, geometry: geometry) {
      candidates += objectCandidates(
        report, model, modelInputSize: geometry.settings.modelInputSize)
    }
    for _ in 0..<model.backgroundPerFrame {
      let draws = (0..<6).map { _ in vision.candidateRandom.nextUnitDouble() }
      let width = 0.02 + 0.08 * draws[0]
      let height = 0.02 + 0.08 * draws[1]
      guard !labels.isEmpty,
        let box = Self.visibleBox(
          Rect(x: draws[2] * (1 - width), y: draws[3] * (1 - height), width: width, height: height),
          spec.detector)
      else { continue }
      let label = labels[min(Int(draws[4] * Double(labels.count)), labels.count - 1)]
      candidates.append(
        RecordingDetectionCandidate(
          boundingBox: box,
          labels: [
            RecordingLabel(identifier: label, confidence: Self.score(0.02 + 0.18 * draws[5]))
          ]))
    }
    return (candidates, Self.observations(from: candidates, nms: spec.detector.nms))
  }

  /// The candidates one detector report gives: one slot per entry of
  /// ``CandidateModelSpec/cellOffsets``, each drawing 7 values whether or not its cell lies on
  /// the model input.
  private mutating func objectCandidates(
    _ report: DetectorReport, _ model: CandidateModelSpec, modelInputSize input: Size
  ) -> [RecordingDetectionCandidate] {
    let cell = model.gridCellPixels
    let box = report.visionBox.standardized
    let center = (x: box.midX * input.width, y: box.midY * input.height)
    let (width, height) = (box.width * input.width, box.height * input.height)
    let columns = Int((input.width / cell).rounded(.up))
    let rows = Int((input.height / cell).rounded(.up))
    let home = (x: Int((center.x / cell).rounded(.down)), y: Int((center.y / cell).rounded(.down)))
    let scale = report.missed ? 0.2 : 1.0
    var output: [RecordingDetectionCandidate] = []
    for (offsetX, offsetY) in model.cellOffsets {
      let r = (0..<7).map { _ in vision.candidateRandom.nextGaussian() }
      let column = home.x + offsetX
      let row = home.y + offsetY
      guard (0..<columns).contains(column), (0..<rows).contains(row) else { continue }
      let reach = (Double(offsetX * offsetX + offsetY * offsetY)).squareRoot()
      let sigma = model.positionJitterPixels * (1 + reach)
      // A cell predicts centres inside itself.
      let cx = min(max(center.x + sigma * r[0], Double(column) * cell), Double(column + 1) * cell)
      let cy = min(max(center.y + sigma * r[1], Double(row) * cell), Double(row + 1) * cell)
      let w = width * exp(model.sizeJitterFraction * r[2])
      let h = height * exp(model.sizeJitterFraction * r[3])
      let own = report.confidence * scale * exp(-model.scoreFalloffPerCell * reach * reach)
      // Uniform draws from the Gaussians' CDF would do too; Φ keeps one stream of Gaussians.
      let crossDraw = Self.uniform(fromGaussian: r[4])
      let pickDraw = Self.uniform(fromGaussian: r[5])
      let secondDraw = Self.uniform(fromGaussian: r[6])
      let others = labels.filter { $0 != report.label }
      var scores: [(String, Double)] = [(report.label, own)]
      if let other = others.isEmpty
        ? nil : others[min(Int(pickDraw * Double(others.count)), others.count - 1)]
      {
        if crossDraw < model.crossClassProbability {
          scores = [(other, own), (report.label, 0.6 * own)]
        } else {
          scores.append((other, own * 0.2 * secondDraw))
        }
      }
      let total = scores.reduce(0) { $0 + $1.1 }
      if total > 1 { scores = scores.map { ($0.0, $0.1 / total) } }
      let raw = Rect(
        x: (cx - w / 2) / input.width, y: (cy - h / 2) / input.height, width: w / input.width,
        height: h / input.height)
      guard let clipped = Self.visibleBox(raw, spec.detector) else { continue }
      output.append(
        RecordingDetectionCandidate(
          boundingBox: clipped,
          labels: scores.map { RecordingLabel(identifier: $0.0, confidence: Self.score($0.1)) }))
    }
    return output
  }

  /// The observations Vision builds from the candidates NMS keeps (`DetectionCandidate
  /// .detection()` in the recording's `Double`s): the best class as label, confidence the sum of
  /// the class confidences capped at 1, every positive class ranked (ties by identifier).
  static func observations(
    from candidates: [RecordingDetectionCandidate], nms: NonMaximumSuppression
  ) -> [RecordingDetection] {
    let domain = candidates.map { candidate in
      DetectionCandidate(
        boundingBox: candidate.boundingBox,
        classConfidences: candidate.labels.map {
          Detection.RankedLabel(identifier: $0.identifier, confidence: Float($0.confidence))
        })
    }
    return nms.keptIndices(of: domain).map { index in
      let ranked = candidates[index].labels.filter { $0.confidence > 0 }.sorted {
        $0.confidence != $1.confidence
          ? $0.confidence > $1.confidence
          : $0.identifier.utf8.lexicographicallyPrecedes($1.identifier.utf8)
      }
      let total = candidates[index].labels.reduce(0) { $0 + $1.confidence }
      return RecordingDetection(
        label: ranked.first?.identifier ?? "", confidence: min(score(total), 1),
        boundingBox: candidates[index].boundingBox,
        labels: ranked.map { RecordingLabel(identifier: $0.identifier, confidence: $0.confidence) })
    }
  }

  /// A score rounded to 1e-4 and clamped to [0, 1].
  static func score(_ value: Double) -> Double { min(max((value * 1e4).rounded() / 1e4, 0), 1) }

  /// The standard normal CDF of `g`: a uniform draw in (0, 1) from a Gaussian one.
  static func uniform(fromGaussian g: Double) -> Double { 0.5 * erfc(-g / 2.0.squareRoot()) }
}
