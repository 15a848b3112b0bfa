import Testing
import PinPlatform
@testable import PinService
@testable import PinServiceCore

/// What the PostgreSQL connection does to statements and URIs before libpq sees them; the
/// store on a real server is tested end to end (`service_test.py --postgres`).
struct PostgresConnectionTests {
    @Test func parametersAreNumberedOutsideQuotedText() {
        #expect(PostgresConnection.numbered("SELECT a FROM t WHERE b = ? AND c = '?' AND d > ? LIMIT ?")
                == "SELECT a FROM t WHERE b = $1 AND c = '?' AND d > $2 LIMIT $3")
        #expect(PostgresConnection.numbered("SELECT value FROM counters WHERE name = 'seq'")
                == "SELECT value FROM counters WHERE name = 'seq'")
    }

    @Test func pipelinedStatementsAreSplitAtSemicolonsOutsideQuotedText() {
        #expect(PostgresConnection.statements("BEGIN; SELECT value FROM counters WHERE name = 'a;b' FOR UPDATE;")
                == ["BEGIN", "SELECT value FROM counters WHERE name = 'a;b' FOR UPDATE"])
        #expect(PostgresConnection.statements("COMMIT") == ["COMMIT"])
    }

    @Test func passwordsAreLeftOutOfMessages() {
        #expect(PostgresConnection.redacted("postgresql://pins:s3cret@db.example:5432/pins")
                == "postgresql://pins:***@db.example:5432/pins")
        #expect(PostgresConnection.redacted("postgresql://pins@/pins?host=/run/pg&password=s3cret")
                == "postgresql://pins@/pins?host=/run/pg&password=***")
        #expect(PostgresConnection.redacted("postgresql://pins@db/pins") == "postgresql://pins@db/pins")
    }

    @Test func aServerThatCannotBeReachedIsOneLineWithoutThePassword() {
        do {
            _ = try PostgresConnection(uri: "postgresql://pins:s3cret@/pins?host=/nonexistent&connect_timeout=2")
            Issue.record("connected to nothing")
        } catch {
            #expect(!error.description.contains("s3cret") && !error.description.contains("\n"))
            #expect(error.description.hasPrefix("PostgreSQL: connecting to postgresql://pins:***@/pins"))
        }
    }
}
