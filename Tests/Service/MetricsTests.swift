import Foundation
import Testing
@testable import PinService

/// The metrics registry and Prometheus' text format (0.0.4) it is written in.
@Suite struct MetricsTests {
    static let requests = Metrics.Name(name: "t_requests_total", kind: .counter, help: "Requests.", labels: ["route", "status"])
    static let clients = Metrics.Name(name: "t_clients", kind: .gauge, help: "Clients.\nNow, \\ all.")
    static let seconds = Metrics.Name(name: "t_seconds", kind: .histogram, help: "Seconds.", labels: ["route"], buckets: [0.25, 0.5, 1])

    @Test func countersAndGaugesAreWrittenWithTheirHelpTypeAndLabels() {
        let metrics = Metrics([Self.requests, Self.clients])
        metrics.add(Self.requests, ["route": "/v1/sync", "status": "200"])
        metrics.add(Self.requests, ["route": "/v1/sync", "status": "200"], 2)
        metrics.add(Self.requests, ["route": "/a \"b\"\\c\nd", "status": "404"])
        metrics.set(Self.clients, to: 2.5)
        #expect(MetricsText.render(metrics.families()) == """
            # HELP t_requests_total Requests.
            # TYPE t_requests_total counter
            t_requests_total{route="/v1/sync",status="200"} 3
            t_requests_total{route="/a \\"b\\"\\\\c\\nd",status="404"} 1
            # HELP t_clients Clients.\\nNow, \\\\ all.
            # TYPE t_clients gauge
            t_clients 2.5

            """)
    }

    @Test func aFamilyWithLabelsHasNoSampleUntilCountedOneWithoutStartsAtZero() {
        let metrics = Metrics([Self.requests, Self.clients, Self.seconds])
        #expect(MetricsText.render(metrics.families()) == """
            # HELP t_requests_total Requests.
            # TYPE t_requests_total counter
            # HELP t_clients Clients.\\nNow, \\\\ all.
            # TYPE t_clients gauge
            t_clients 0
            # HELP t_seconds Seconds.
            # TYPE t_seconds histogram

            """)
    }

    @Test func aHistogramHasCumulativeBucketsUpToInfinityItsSumAndCount() {
        let metrics = Metrics([Self.seconds])
        for value in [0.125, 0.25, 0.375, 0.75, 7.0] { metrics.observe(Self.seconds, ["route": "/x"], value) }
        metrics.observe(Self.seconds, ["route": "/y"], 0.375)
        #expect(MetricsText.render(metrics.families()) == """
            # HELP t_seconds Seconds.
            # TYPE t_seconds histogram
            t_seconds_bucket{route="/x",le="0.25"} 2
            t_seconds_bucket{route="/x",le="0.5"} 3
            t_seconds_bucket{route="/x",le="1"} 4
            t_seconds_bucket{route="/x",le="+Inf"} 5
            t_seconds_sum{route="/x"} 8.5
            t_seconds_count{route="/x"} 5
            t_seconds_bucket{route="/y",le="0.25"} 0
            t_seconds_bucket{route="/y",le="0.5"} 1
            t_seconds_bucket{route="/y",le="1"} 1
            t_seconds_bucket{route="/y",le="+Inf"} 1
            t_seconds_sum{route="/y"} 0.375
            t_seconds_count{route="/y"} 1

            """)
    }

    @Test func numbersAreWrittenAsTheFormatReadsThem() {
        #expect(MetricsText.number(3) == "3")
        #expect(MetricsText.number(0.25) == "0.25")
        #expect(MetricsText.number(.infinity) == "+Inf")
        #expect(MetricsText.number(-.infinity) == "-Inf")
        #expect(MetricsText.number(.nan) == "NaN")
    }

    @Test func countsFromManyThreadsAreNotLost() {
        let metrics = Metrics([Self.requests, Self.seconds])
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for step in 0..<1000 {
                metrics.add(Self.requests, ["route": "/r\(step % 3)", "status": "200"])
                metrics.observe(Self.seconds, ["route": "/r"], Double(thread) / 10)
            }
        }
        let families = metrics.families()
        #expect(families[0].samples.map(\.sample.value).reduce(0, +) == 8000)
        #expect(families[1].samples.map(\.sample.count) == [8000])
        #expect(families[1].samples[0].sample.buckets == [3000, 3000, 2000, 0])
    }
}
