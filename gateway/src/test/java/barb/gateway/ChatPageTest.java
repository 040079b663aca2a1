package barb.gateway;

import barb.core.Json;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** What the chat page tells the browser, and that the files it loads are exactly the ones the gateway serves. */
class ChatPageTest {
    private static final Pattern REFERENCE = Pattern.compile("(?:from '\\./|href=\"/assets/|src=\"/assets/)([\\w.-]+)");

    @Test
    void devModeNeedsNoSignIn() {
        assertThat(ChatPage.config(AuthMode.dev())).isEqualTo(Json.object().put("auth", "dev"));
    }

    @Test
    void supabaseModeNamesTheProjectAndItsAnonKey() {
        AuthMode auth = AuthMode.supabase(null, "https://project.supabase.co/", "anon.key-1");
        assertThat(ChatPage.config(auth)).isEqualTo(Json.object().put("auth", "supabase")
                .put("supabase_url", "https://project.supabase.co").put("supabase_anon_key", "anon.key-1"));
        // Only the legacy secret: the page knows sign-in is needed, and that it cannot offer it.
        assertThat(ChatPage.config(AuthMode.supabase(TestTokens.SECRET, null)))
                .isEqualTo(Json.object().put("auth", "supabase"));
    }

    @Test
    void thePageTalksOnlyToItsGatewayAndTheSupabaseProject() {
        String dev = ChatPage.contentSecurityPolicy(AuthMode.dev());
        assertThat(dev).contains("default-src 'none'", "script-src 'self'", "connect-src 'self';",
                "frame-ancestors 'none'");
        String supabase = ChatPage.contentSecurityPolicy(
                AuthMode.supabase(null, "http://127.0.0.1:5999/some/path", null));
        assertThat(supabase).contains("connect-src 'self' http://127.0.0.1:5999;");
    }

    @Test
    void everyFileOfThePageIsServedAndEveryFileItLoadsExists() throws IOException, URISyntaxException {
        Path folder = Path.of(ChatPage.class.getResource("/barb/gateway/chat/index.html").toURI()).getParent();
        List<String> files;
        try (Stream<Path> list = Files.list(folder)) {
            files = list.map(p -> p.getFileName().toString()).sorted().toList();
        }
        List<String> served = new ArrayList<>(ChatPage.ASSETS);
        served.add("index.html");
        assertThat(files).containsExactlyInAnyOrderElementsOf(served);

        List<String> referenced = new ArrayList<>();
        for (String file : files) {
            Matcher m = REFERENCE.matcher(Files.readString(folder.resolve(file)));
            while (m.find()) {
                referenced.add(m.group(1));
            }
        }
        assertThat(referenced).contains("app.js", "chat.css", "api.js", "sse.js").allSatisfy(name ->
                assertThat(ChatPage.ASSETS).contains(name));
    }

    @Test
    void typesByExtension() {
        assertThat(ChatPage.contentType("app.js")).isEqualTo("text/javascript; charset=utf-8");
        assertThat(ChatPage.contentType("chat.css")).isEqualTo("text/css; charset=utf-8");
        assertThat(ChatPage.contentType("favicon.svg")).isEqualTo("image/svg+xml");
    }
}
