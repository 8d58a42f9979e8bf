extension Detection {
  /// The classifications as Vision ranks them (`VNRecognizedObjectObservation.labels`, best
  /// first): ``rankedLabels``, or the top ``label`` alone with the detection's ``confidence``
  /// when the detector gave no ranking.
  public var labels: [RankedLabel] {
    rankedLabels.isEmpty ? [RankedLabel(identifier: label, confidence: confidence)] : rankedLabels
  }
}
