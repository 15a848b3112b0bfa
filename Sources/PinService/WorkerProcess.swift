import Foundation

/// A render worker in a process of its own (`pinrender-net render-worker`, ``RenderWorker``):
/// jobs go to its standard input, answers come from its standard output (each a local socket
/// of the server's), its standard error
/// is the server's. Its memory is its own, so a render's limit is that process's, and a
/// worker that crashes or is killed takes nothing else down. Its `TMPDIR` is a directory of
/// its own, removed when it has ended (the worker writes nothing there; a library might).
///
///     let worker = try WorkerProcess(command: ["/proc/self/exe", "render-worker"], scratch: directory)
///     let (answer, file) = try worker.run(job, payload: pins, until: deadline)
///     let exit = worker.end(until: deadline)
final class WorkerProcess {
    let pid: pid_t
    private let jobs: WorkerPipe
    private let answers: WorkerPipe

    /// How a worker ended.
    struct Exit {
        /// The signal that ended it, 0 when it exited.
        var signal: Int32
        /// Its exit status when it exited.
        var status: Int32
        /// The most resident memory it took, in bytes (`ru_maxrss`).
        var peakMemory: Int
    }

    /// Starts `command` (the program, then its arguments) with `TMPDIR` set to `scratch`, its
    /// signals unblocked and at their defaults (the server ignores SIGINT and SIGTERM, and
    /// blocks signals on its worker threads), no other descriptor of the server open.
    init(command: [String], scratch: URL) throws {
        // Socket pairs rather than pipes: made close-on-exec at once (pipe2 is not in Swift's
        // Glibc), so a worker started on another thread meanwhile does not hold them open.
        var input: [Int32] = [-1, -1], output: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &input) == 0 else { throw WorkerPipeError.failed("socketpair: \(String(cString: strerror(errno)))") }
        guard socketpair(AF_UNIX, type, 0, &output) == 0 else {
            let reason = String(cString: strerror(errno))
            input.forEach { close($0) }
            throw WorkerPipeError.failed("socketpair: \(reason)")
        }
        jobs = WorkerPipe(descriptor: input[1])
        answers = WorkerPipe(descriptor: output[0])
        defer {
            close(input[0])
            close(output[1])
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.path
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let status = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            throw WorkerPipeError.failed("cannot run the render worker \(command[0]): \(String(cString: strerror(status)))")
        }
        self.pid = pid
    }

    /// Sends `job` with its `payload` and returns the answer and its payload, waiting until
    /// `deadline` (seconds on `DispatchTime`'s clock). Throws ``WorkerPipeError`` when the
    /// worker ends without answering or does not answer in time.
    func run(_ job: WorkerJob, payload: Data, until deadline: Double) throws -> (WorkerAnswer, Data) {
        try send(job, payload: payload, until: deadline)
        return try answer(until: deadline)
    }

    /// Sends `job` with its `payload`, waiting until `deadline` at most for the worker to
    /// take it; throws ``WorkerPipeError`` when it cannot.
    func send(_ job: WorkerJob, payload: Data, until deadline: Double) throws {
        try jobs.write(job, payload: payload, until: deadline)
    }

    /// The answer to the job sent last and its payload, waiting until `deadline`; throws
    /// ``WorkerPipeError`` when the worker ends without answering, does not answer in time,
    /// or says more than `maxBytes` follow.
    func answer(until deadline: Double, maxBytes: Int = .max) throws -> (WorkerAnswer, Data) {
        guard let answer = try answers.read(WorkerAnswer.self, until: deadline, maxBytes: maxBytes) else { throw WorkerPipeError.cut }
        return answer
    }

    /// Whether the process has not ended (it is not reaped: ``end(until:)`` still waits for it).
    var isRunning: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == 0
    }

    /// Ends the worker: closes its input, so that it exits when it has nothing left to do,
    /// kills it if it has not by `deadline`, and waits for it.
    func end(until deadline: Double) -> Exit {
        jobs.close()
        if !answers.waitForEnd(until: deadline) { kill(pid, SIGKILL) }
        answers.close()
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return Exit(signal: status & 0x7f, status: (status >> 8) & 0xff, peakMemory: usage.ru_maxrss * 1024)
    }
}
