package barb.gateway;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

class ChatLocksTest {
    private final AtomicLong now = new AtomicLong(1_000);
    private final ChatLocks locks = new ChatLocks(now::get);

    @Test
    void oneRequestPerChatUntilReleased() {
        assertThat(locks.tryAcquire("chat", "r1", 5_000)).isTrue();
        assertThat(locks.tryAcquire("chat", "r2", 5_000)).isFalse();
        assertThat(locks.tryAcquire("other", "r3", 5_000)).isTrue();
        assertThat(locks.isBusy("chat")).isTrue();

        locks.release("chat", "r2");
        assertThat(locks.tryAcquire("chat", "r2", 5_000)).as("only the holder releases").isFalse();

        locks.release("chat", "r1");
        assertThat(locks.isBusy("chat")).isFalse();
        assertThat(locks.tryAcquire("chat", "r2", 5_000)).isTrue();
    }

    @Test
    void anExpiredLockIsTakenOver() {
        assertThat(locks.tryAcquire("chat", "r1", 2_000)).isTrue();
        now.set(2_000);
        assertThat(locks.isBusy("chat")).isFalse();
        assertThat(locks.tryAcquire("chat", "r2", 9_000)).isTrue();
        locks.release("chat", "r1");
        assertThat(locks.isBusy("chat")).as("the stale holder cannot release the new one").isTrue();
    }
}
