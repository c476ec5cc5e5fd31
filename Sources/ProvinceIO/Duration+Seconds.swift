extension Duration {
  /// The duration in seconds, as Foundation's intervals are counted.
  var seconds: Double {
    let parts = components
    return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
  }
}
