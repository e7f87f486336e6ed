// Reads in a helper process, with a deadline on every request.
//
// zxing 1.4's 1D readers abort the whole process on some images (a failed
// assertion no exception handler catches), and a C library (zbar, zxing) can
// also hang on a pathological frame. So those reads run in a helper: the program's own executable
// (/proc/self/exe), started with posix_spawn in a hidden helper mode that a
// constructor below enters before main() when SCAN_ISOLATED_READER=1 is in
// its environment. Every program that links this library (scan, an
// embedding, the test runner) can therefore be its own helper, with nothing
// to install beside it.
//
// The protocol is generic: a request is a luma frame plus what to do with it
// (an operation and its options); a reply is the readings, or an error. Two
// operations read: one zxing read (zxb_read), and a whole frame through the
// Scanner library's own reader (READ_FRAME), which the helper reaches through
// a weak C symbol the library defines (scan_isolated_read_frame): C++ cannot
// call Swift otherwise, and a program without the library still links. A
// request has a deadline: when it passes, or the helper dies, the helper is
// killed and reaped and that one request fails. Helpers that answered are
// kept for the next request (up to kMaxIdle), as starting one costs more
// than a read. Pipes are made with O_CLOEXEC, so a helper inherits only its
// own two pipe ends, never another reader's.
#include "zxing_bridge.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <poll.h>
#include <spawn.h>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

extern char **environ;

namespace {

constexpr const char *kHelperVariable = "SCAN_ISOLATED_READER";
constexpr uint32_t kMagic = 0x5a584231;  // "ZXB1"
constexpr size_t kMaxIdle = 4;
constexpr uint64_t kMaxPixels = 1ull << 28;
constexpr uint64_t kMaxReply = 1ull << 30;
constexpr uint32_t kMaxCharacterSet = 256;
constexpr uint32_t kMaxFrameRequest = 1u << 16;

// Operations. READ is zxb_read, READ_FRAME the library's whole-frame read;
// the test operations misbehave on purpose.
enum Operation : uint32_t {
    kOperationRead = 1,
    kOperationReadFrame = 2,
    kOperationHang = ZXB_ISOLATED_TEST_HANG,
    kOperationCrash = ZXB_ISOLATED_TEST_CRASH,
    kOperationExit = ZXB_ISOLATED_TEST_EXIT,
};

// zxb_options without its pointer; the character set follows the header.
struct WireOptions {
    uint32_t formats;
    uint8_t try_harder, try_rotate, try_downscale, is_pure, try_code39_extended;
    int32_t binarizer, max_symbols, downscale_factor, downscale_threshold;
};

struct RequestHeader {
    uint32_t magic;
    uint32_t operation;
    int32_t width;
    int32_t height;
    uint32_t extra_length;  // READ: the character set; READ_FRAME: the library's request
    WireOptions options;
};

// Each result as fixed fields followed by its text and bytes.
struct ResultHeader {
    uint32_t format;
    uint64_t text_length;
    uint64_t bytes_length;
    uint8_t has_eci;
    int32_t content_type;
    char symbology_identifier[8];
    char ec_level[8];
    zxb_point corners[4];
};

// ---------------------------------------------------------------- helper side

} // namespace

// Defined by the Scanner library (IsolatedReader.swift): reads the frame as
// `request` describes and returns a malloc'd reply of *reply_length bytes,
// or NULL when the request is malformed.
extern "C" __attribute__((weak)) uint8_t *scan_isolated_read_frame(const uint8_t *request, size_t request_length,
                                                                    const uint8_t *luma, int width, int height,
                                                                    size_t *reply_length);

namespace {

bool readFully(int fd, void *data, size_t size) {
    auto *p = static_cast<char *>(data);
    while (size > 0) {
        ssize_t n = read(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

bool writeFully(int fd, const void *data, size_t size) {
    auto *p = static_cast<const char *>(data);
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        p += n;
        size -= static_cast<size_t>(n);
    }
    return true;
}

void append(std::string &out, const void *data, size_t size) { out.append(static_cast<const char *>(data), size); }

// The reply body: error length and text, then the count and each result.
std::string serialize(const zxb_results *results) {
    std::string out;
    const char *error = results ? results->error : "out of memory";
    uint64_t errorLength = error ? std::strlen(error) : 0;
    uint64_t count = results && !error ? results->count : 0;
    append(out, &errorLength, sizeof errorLength);
    append(out, error ? error : "", errorLength);
    append(out, &count, sizeof count);
    for (uint64_t i = 0; i < count; ++i) {
        const zxb_result &r = results->results[i];
        ResultHeader h{};
        h.format = r.format;
        h.text_length = r.text_length;
        h.bytes_length = r.bytes_length;
        h.has_eci = r.has_eci;
        h.content_type = r.content_type;
        std::memcpy(h.symbology_identifier, r.symbology_identifier, sizeof h.symbology_identifier);
        std::memcpy(h.ec_level, r.ec_level, sizeof h.ec_level);
        std::memcpy(h.corners, r.corners, sizeof h.corners);
        append(out, &h, sizeof h);
        append(out, r.text, r.text_length);
        append(out, r.bytes, r.bytes_length);
    }
    return out;
}

// A reply that is only an error, or only the library's payload.
std::string framed(const std::string &error, const uint8_t *payload, size_t length) {
    std::string out;
    uint64_t errorLength = error.size();
    append(out, &errorLength, sizeof errorLength);
    append(out, error.data(), error.size());
    if (payload) append(out, payload, length);
    return out;
}

void reapIdleHelpers();

// A helper's end when its input ends: its own helpers (zxing's 1D reads
// within a frame read) are reaped first, so their work counts as its own.
[[noreturn]] void finishServing() {
    reapIdleHelpers();
    _exit(0);
}

// Answers requests on stdin, replies on stdout, until stdin ends.
[[noreturn]] void serve() {
    // An abort must end this helper quietly: no handler inherited from a
    // runtime (Swift's backtracer), no text on the user's terminal.
    for (int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGPIPE}) std::signal(sig, SIG_DFL);
    std::vector<uint8_t> luma;
    std::string extra;
    for (;;) {
        RequestHeader h{};
        if (!readFully(STDIN_FILENO, &h, sizeof h) || h.magic != kMagic) finishServing();
        if (h.width <= 0 || h.height <= 0 || static_cast<uint64_t>(h.width) * static_cast<uint64_t>(h.height) > kMaxPixels
            || h.extra_length > kMaxFrameRequest)
            _exit(3);
        extra.assign(h.extra_length, '\0');
        luma.resize(static_cast<size_t>(h.width) * static_cast<size_t>(h.height));
        if (!readFully(STDIN_FILENO, extra.data(), extra.size()) || !readFully(STDIN_FILENO, luma.data(), luma.size()))
            finishServing();

        std::string body;
        switch (h.operation) {
        case kOperationRead: {
            zxb_options o = zxb_default_options(h.options.formats);
            o.try_harder = h.options.try_harder;
            o.try_rotate = h.options.try_rotate;
            o.try_downscale = h.options.try_downscale;
            o.is_pure = h.options.is_pure;
            o.try_code39_extended = h.options.try_code39_extended;
            o.binarizer = static_cast<zxb_binarizer>(h.options.binarizer);
            o.max_symbols = h.options.max_symbols;
            o.downscale_factor = h.options.downscale_factor;
            o.downscale_threshold = h.options.downscale_threshold;
            o.character_set = !extra.empty() && extra.size() <= kMaxCharacterSet ? extra.c_str() : nullptr;
            zxb_results *results = zxb_read(luma.data(), h.width, h.height, h.width, &o);
            body = serialize(results);
            zxb_results_free(results);
            break;
        }
        case kOperationReadFrame: {
            if (!scan_isolated_read_frame) {
                body = framed("this program does not link the Scanner library's frame reader", nullptr, 0);
                break;
            }
            size_t length = 0;
            uint8_t *payload = scan_isolated_read_frame(reinterpret_cast<const uint8_t *>(extra.data()), extra.size(),
                                                        luma.data(), h.width, h.height, &length);
            body = payload ? framed("", payload, length) : framed("the frame reader refused the request", nullptr, 0);
            std::free(payload);
            break;
        }
        case kOperationHang:
            for (;;) pause();
        case kOperationCrash:
            std::abort();
        case kOperationExit:
            _exit(0);
        default:
            _exit(3);
        }
        uint64_t length = body.size();
        if (!writeFully(STDOUT_FILENO, &length, sizeof length) || !writeFully(STDOUT_FILENO, body.data(), body.size()))
            finishServing();
    }
}

// Before main(): a process started as a helper serves and never returns.
__attribute__((constructor)) void enterHelperModeIfAsked() {
    const char *mode = std::getenv(kHelperVariable);
    if (mode && std::strcmp(mode, "1") == 0) serve();
}

// ---------------------------------------------------------------- caller side

using Clock = std::chrono::steady_clock;

struct Helper {
    pid_t pid = -1;
    int requests = -1;  // our end of the helper's stdin
    int replies = -1;   // our end of the helper's stdout
};

std::mutex poolMutex;
std::vector<Helper> idleHelpers;
std::atomic<int> liveHelpers{0};

std::string errnoText(const char *what, int code) { return std::string(what) + ": " + std::strerror(code); }

// Blocks SIGPIPE on this thread while it writes to a helper that may have
// died, and swallows the SIGPIPE such a write raises, so that a dead helper
// is a failed write (EPIPE), never the end of the caller's process.
class SigpipeBlocked {
public:
    SigpipeBlocked() {
        sigemptyset(&pipe_);
        sigaddset(&pipe_, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe_, &previous_);
    }
    ~SigpipeBlocked() {
        sigset_t pending;
        sigpending(&pending);
        if (sigismember(&pending, SIGPIPE) && !sigismember(&previous_, SIGPIPE)) {
            timespec zero{0, 0};
            while (sigtimedwait(&pipe_, nullptr, &zero) < 0 && errno == EINTR) {}
        }
        pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
    }

private:
    sigset_t pipe_{};
    sigset_t previous_{};
};

// Ends a helper for good: kill (unless it already exited), reap, close.
// Returns the wait status.
int endHelper(Helper &helper, bool kill_first) {
    if (helper.requests >= 0) close(helper.requests);
    if (helper.replies >= 0) close(helper.replies);
    helper.requests = helper.replies = -1;
    int status = 0;
    if (helper.pid > 0) {
        if (kill_first) {
            kill(helper.pid, SIGKILL);
        } else {
            // It closed its end (it exited or is exiting): give it a moment
            // to become reapable before making sure with SIGKILL.
            for (int i = 0; i < 200; ++i) {
                pid_t done = waitpid(helper.pid, &status, WNOHANG);
                if (done == helper.pid) {
                    helper.pid = -1;
                    liveHelpers--;
                    return status;
                }
                if (done < 0 && errno != EINTR) break;
                usleep(1000);
            }
            kill(helper.pid, SIGKILL);
        }
        while (waitpid(helper.pid, &status, 0) < 0 && errno == EINTR) {}
        helper.pid = -1;
        liveHelpers--;
    }
    return status;
}

// Ends the idle helpers: each sees its input end, exits and is reaped. At
// the program's exit too, so that no helper outlives it and the helpers'
// CPU time and memory count as the program's (a parent's wait4, time(1)).
void reapIdleHelpers() {
    std::vector<Helper> idle;
    {
        std::lock_guard<std::mutex> guard(poolMutex);
        idle.swap(idleHelpers);
    }
    for (Helper &helper : idle) endHelper(helper, false);
}

bool spawnHelper(Helper &helper, std::string &error) {
    static std::once_flag reapAtExit;
    std::call_once(reapAtExit, [] { std::atexit([] { reapIdleHelpers(); }); });
    int requests[2], replies[2];
    if (pipe2(requests, O_CLOEXEC) != 0) {
        error = errnoText("pipe2", errno);
        return false;
    }
    if (pipe2(replies, O_CLOEXEC) != 0) {
        error = errnoText("pipe2", errno);
        close(requests[0]);
        close(requests[1]);
        return false;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    // dup2 clears O_CLOEXEC on the copies, so the helper keeps exactly these.
    posix_spawn_file_actions_adddup2(&actions, requests[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, replies[1], STDOUT_FILENO);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
    // Descriptors other code opened without O_CLOEXEC (Foundation's Pipe,
    // for one) must not leak into the helper either: it would keep another
    // child's pipe open.
    posix_spawn_file_actions_addclosefrom_np(&actions, STDERR_FILENO + 1);
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);

    std::vector<std::string> variables = {std::string(kHelperVariable) + "=1", "SWIFT_BACKTRACE=enable=no"};
    std::vector<char *> environment;
    for (auto &variable : variables) environment.push_back(variable.data());
    for (char **entry = environ; entry && *entry; ++entry) {
        if (std::strncmp(*entry, "SWIFT_BACKTRACE=", 16) != 0 && std::strncmp(*entry, kHelperVariable, std::strlen(kHelperVariable)) != 0)
            environment.push_back(*entry);
    }
    environment.push_back(nullptr);
    char name[] = "scan-isolated-reader";
    char *arguments[] = {name, nullptr};

    pid_t pid = -1;
    int result = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, arguments, environment.data());
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(requests[0]);
    close(replies[1]);
    if (result != 0) {
        close(requests[1]);
        close(replies[0]);
        error = errnoText("posix_spawn /proc/self/exe", result);
        return false;
    }
    liveHelpers++;
    helper.pid = pid;
    helper.requests = requests[1];
    helper.replies = replies[0];
    // A pipe holds 64 KiB; a 720p frame is 900 KiB. Larger pipes (up to the
    // system's pipe-max-size, 1 MiB by default) take a frame in a few writes
    // instead of a dozen round trips between the two processes.
    fcntl(helper.requests, F_SETPIPE_SZ, 1 << 20);
    // Our ends never block: every wait is a poll with the deadline.
    fcntl(helper.requests, F_SETFL, fcntl(helper.requests, F_GETFL) | O_NONBLOCK);
    fcntl(helper.replies, F_SETFL, fcntl(helper.replies, F_GETFL) | O_NONBLOCK);
    return true;
}

enum class Outcome { done, timedOut, closed };

// Waits for `events` on `fd` until `deadline`.
Outcome waitFor(int fd, short events, Clock::time_point deadline) {
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left < 0) left = 0;
        pollfd entry{fd, events, 0};
        int ready = poll(&entry, 1, static_cast<int>(left > 0x7fffffff ? 0x7fffffff : left));
        if (ready > 0) return (entry.revents & events) ? Outcome::done : Outcome::closed;
        if (ready == 0) return Outcome::timedOut;
        if (errno != EINTR) return Outcome::closed;
    }
}

Outcome sendWithin(int fd, const void *data, size_t size, Clock::time_point deadline) {
    auto *p = static_cast<const char *>(data);
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n > 0) {
            p += n;
            size -= static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            Outcome ready = waitFor(fd, POLLOUT, deadline);
            if (ready != Outcome::done) return ready;
            continue;
        }
        return Outcome::closed;  // EPIPE: the helper is gone
    }
    return Outcome::done;
}

Outcome receiveWithin(int fd, void *data, size_t size, Clock::time_point deadline) {
    auto *p = static_cast<char *>(data);
    while (size > 0) {
        ssize_t n = read(fd, p, size);
        if (n > 0) {
            p += n;
            size -= static_cast<size_t>(n);
            continue;
        }
        if (n == 0) return Outcome::closed;
        if (errno == EINTR) continue;
        if (errno == EAGAIN || errno == EWOULDBLOCK) {
            Outcome ready = waitFor(fd, POLLIN, deadline);
            if (ready == Outcome::timedOut) return ready;
            continue;  // readable, or hung up: the read tells which
        }
        return Outcome::closed;
    }
    return Outcome::done;
}

zxb_results *failure(const std::string &message) {
    auto *results = static_cast<zxb_results *>(std::calloc(1, sizeof(zxb_results)));
    if (results) results->error = strdup(message.c_str());
    return results;
}

// Rebuilds the helper's results; false when the data is cut short.
bool parse(const std::string &data, zxb_results *results) {
    size_t at = 0;
    auto take = [&](void *out, size_t size) {
        if (data.size() - at < size) return false;
        std::memcpy(out, data.data() + at, size);
        at += size;
        return true;
    };
    uint64_t errorLength = 0, count = 0;
    if (!take(&errorLength, sizeof errorLength) || data.size() - at < errorLength) return false;
    if (errorLength > 0) {
        results->error = strndup(data.data() + at, errorLength);
        return true;
    }
    if (!take(&count, sizeof count) || count > 4096) return false;
    results->results = static_cast<zxb_result *>(std::calloc(count ? count : 1, sizeof(zxb_result)));
    if (!results->results) return false;
    for (uint64_t i = 0; i < count; ++i) {
        ResultHeader h{};
        if (!take(&h, sizeof h) || data.size() - at < h.text_length + h.bytes_length) return false;
        zxb_result &r = results->results[results->count++];
        r.format = h.format;
        r.text = static_cast<char *>(std::malloc(h.text_length + 1));
        r.bytes = static_cast<uint8_t *>(std::malloc(h.bytes_length ? h.bytes_length : 1));
        if (!r.text || !r.bytes) return false;
        take(r.text, h.text_length);
        r.text[h.text_length] = 0;
        r.text_length = h.text_length;
        take(r.bytes, h.bytes_length);
        r.bytes_length = h.bytes_length;
        r.has_eci = h.has_eci;
        r.content_type = static_cast<zxb_content_type>(h.content_type);
        std::memcpy(r.symbology_identifier, h.symbology_identifier, sizeof h.symbology_identifier);
        std::memcpy(r.ec_level, h.ec_level, sizeof h.ec_level);
        std::memcpy(r.corners, h.corners, sizeof h.corners);
    }
    return true;
}

// How a request ended.
enum class Transaction { answered, timedOut, died, unavailable };

// Sends one request to a helper (an idle one, or a new one) and returns its
// reply body in `reply`, or what went wrong in `error`. `timeout_ms`: 0 is
// the default deadline, a negative value none.
Transaction transact(uint32_t operation, const std::string &extra, const uint8_t *data, int width, int height, int stride,
                     const zxb_options *options, int timeout_ms, std::string &reply, std::string &error) {
    if (!data || width <= 0 || height <= 0 || stride < width
        || static_cast<uint64_t>(width) * static_cast<uint64_t>(height) > kMaxPixels || extra.size() > kMaxFrameRequest) {
        error = "invalid image geometry";
        return Transaction::died;
    }
    auto deadline = timeout_ms < 0
        ? Clock::time_point::max()
        : Clock::now() + std::chrono::milliseconds(timeout_ms > 0 ? timeout_ms : ZXB_ISOLATED_DEFAULT_TIMEOUT_MS);
    // An idle helper may have been killed while it waited: a request it
    // never took is sent once more, to a new helper.
    for (int attempt = 0;; ++attempt) {
        Helper helper;
        bool reused = false;
        if (attempt == 0) {
            std::lock_guard<std::mutex> guard(poolMutex);
            if (!idleHelpers.empty()) {
                helper = idleHelpers.back();
                idleHelpers.pop_back();
                reused = true;
            }
        }
        if (helper.pid < 0 && !spawnHelper(helper, error)) {
            error = "cannot start the isolated reader: " + error;
            return Transaction::unavailable;
        }

        RequestHeader h{};
        h.magic = kMagic;
        h.operation = operation;
        h.width = width;
        h.height = height;
        h.extra_length = static_cast<uint32_t>(extra.size());
        if (options) {
            h.options = WireOptions{options->formats,
                                    options->try_harder,
                                    options->try_rotate,
                                    options->try_downscale,
                                    options->is_pure,
                                    options->try_code39_extended,
                                    options->binarizer,
                                    options->max_symbols,
                                    options->downscale_factor,
                                    options->downscale_threshold};
        }

        Outcome outcome;
        {
            SigpipeBlocked blocked;
            outcome = sendWithin(helper.requests, &h, sizeof h, deadline);
            if (outcome == Outcome::done) outcome = sendWithin(helper.requests, extra.data(), extra.size(), deadline);
            for (int row = 0; row < height && outcome == Outcome::done; ++row)
                outcome = sendWithin(helper.requests, data + static_cast<size_t>(row) * static_cast<size_t>(stride),
                                     static_cast<size_t>(width), deadline);
        }
        if (outcome == Outcome::closed && reused) {
            endHelper(helper, true);
            continue;
        }
        uint64_t length = 0;
        if (outcome == Outcome::done) outcome = receiveWithin(helper.replies, &length, sizeof length, deadline);
        if (outcome == Outcome::done && length > kMaxReply) outcome = Outcome::closed;
        if (outcome == Outcome::done) {
            reply.assign(length, '\0');
            outcome = receiveWithin(helper.replies, reply.data(), reply.size(), deadline);
        }
        if (outcome == Outcome::done) {
            std::lock_guard<std::mutex> guard(poolMutex);
            if (idleHelpers.size() < kMaxIdle) {
                idleHelpers.push_back(helper);
                return Transaction::answered;
            }
        }
        if (outcome == Outcome::done) {
            endHelper(helper, true);  // one too many idle: a surplus, not a failure
            return Transaction::answered;
        }
        if (outcome == Outcome::timedOut) {
            endHelper(helper, true);
            error = "did not answer within " + std::to_string(timeout_ms > 0 ? timeout_ms : ZXB_ISOLATED_DEFAULT_TIMEOUT_MS)
                + " ms; the reader was stopped and its reading discarded";
            return Transaction::timedOut;
        }
        int status = endHelper(helper, false);
        if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL) {
            error = "aborted on this image (signal " + std::to_string(WTERMSIG(status)) + "); its reading was discarded";
        } else {
            error = "ended without an answer; its reading was discarded";
        }
        return Transaction::died;
    }
}

std::string characterSetOf(const zxb_options *options) {
    std::string characterSet = options && options->character_set ? options->character_set : "";
    return characterSet.size() > kMaxCharacterSet ? std::string() : characterSet;
}

} // namespace

extern "C" zxb_results *zxb_read_isolated_within(const uint8_t *data, int width, int height, int stride,
                                                 const zxb_options *options, int timeout_ms) {
    if (!options) return failure("missing options");
    std::string reply, error;
    auto ended = transact(kOperationRead, characterSetOf(options), data, width, height, stride, options, timeout_ms, reply, error);
    if (ended == Transaction::unavailable) return failure(error);
    if (ended != Transaction::answered) return failure("zxing-cpp " + error);
    auto *results = static_cast<zxb_results *>(std::calloc(1, sizeof(zxb_results)));
    if (!results) return nullptr;
    if (!parse(reply, results)) {
        zxb_results_free(results);
        return failure("zxing-cpp's isolated read returned no usable answer");
    }
    return results;
}

extern "C" zxb_results *zxb_read_isolated(const uint8_t *data, int width, int height, int stride, const zxb_options *options) {
    return zxb_read_isolated_within(data, width, height, stride, options, ZXB_ISOLATED_DEFAULT_TIMEOUT_MS);
}

extern "C" zxb_frame_reply zxb_read_frame_isolated(const uint8_t *request, size_t request_length, const uint8_t *data, int width,
                                                   int height, int stride, int timeout_ms) {
    zxb_frame_reply answer{};
    std::string reply, error;
    std::string extra(reinterpret_cast<const char *>(request), request ? request_length : 0);
    Transaction ended = transact(kOperationReadFrame, extra, data, width, height, stride, nullptr, timeout_ms, reply, error);
    // The reply: the length of an error, the error, then the library's payload.
    uint64_t errorLength = 0;
    if (ended == Transaction::answered && reply.size() >= sizeof errorLength)
        std::memcpy(&errorLength, reply.data(), sizeof errorLength);
    if (ended == Transaction::answered && (reply.size() < sizeof errorLength || reply.size() - sizeof errorLength < errorLength)) {
        ended = Transaction::died;
        error = "returned no usable answer";
    }
    switch (ended) {
    case Transaction::answered: {
        size_t at = sizeof errorLength + static_cast<size_t>(errorLength);
        if (errorLength > 0) {
            answer.outcome = ZXB_FRAME_FAILED;
            answer.error = strndup(reply.data() + sizeof errorLength, static_cast<size_t>(errorLength));
            break;
        }
        answer.outcome = ZXB_FRAME_ANSWERED;
        answer.reply_length = reply.size() - at;
        answer.reply = static_cast<uint8_t *>(std::malloc(answer.reply_length ? answer.reply_length : 1));
        if (answer.reply) std::memcpy(answer.reply, reply.data() + at, answer.reply_length);
        else {
            answer.outcome = ZXB_FRAME_FAILED;
            answer.error = strdup("out of memory");
        }
        break;
    }
    case Transaction::timedOut: answer.outcome = ZXB_FRAME_TIMED_OUT; break;
    case Transaction::died: answer.outcome = ZXB_FRAME_FAILED; break;
    case Transaction::unavailable: answer.outcome = ZXB_FRAME_UNAVAILABLE; break;
    }
    if (ended != Transaction::answered) answer.error = strdup(("the isolated frame reader " + error).c_str());
    return answer;
}

extern "C" void zxb_frame_reply_free(zxb_frame_reply *reply) {
    if (!reply) return;
    std::free(reply->reply);
    std::free(reply->error);
    reply->reply = nullptr;
    reply->error = nullptr;
}

extern "C" zxb_results *zxb_isolated_test(int behaviour, int timeout_ms) {
    uint8_t pixel[16] = {0};
    zxb_options options = zxb_default_options(ZXB_FORMAT_QR);
    std::string reply, error;
    if (transact(static_cast<uint32_t>(behaviour), "", pixel, 4, 4, 4, &options, timeout_ms, reply, error) != Transaction::answered)
        return failure("zxing-cpp " + error);
    return static_cast<zxb_results *>(std::calloc(1, sizeof(zxb_results)));
}

extern "C" int zxb_isolated_live_helpers(void) { return liveHelpers.load(); }

extern "C" int zxb_isolated_idle_helpers(void) {
    std::lock_guard<std::mutex> guard(poolMutex);
    return static_cast<int>(idleHelpers.size());
}
