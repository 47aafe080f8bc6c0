package dev.isola.appserver.jms.bench;

import dev.isola.appserver.jms.config.JmsConfig;
import dev.isola.appserver.jms.container.TransactionalSessions;
import dev.isola.appserver.jms.link.JmsLinks;
import dev.isola.appserver.jms.link.RemoteJmsSubServer;
import dev.isola.appserver.tx.LocalTransactionManager;
import dev.isola.mvm.image.Image;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.isolate.IsolateSpec;
import dev.isola.mvm.isolate.MemorySize;
import dev.isola.mvm.isolate.OrphanPolicy;
import dev.isola.mvm.link.Link;
import dev.isola.mvm.link.LinkMessage;
import dev.isola.mvm.link.LinkOptions;
import jakarta.jms.ConnectionFactory;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Our broker in an isolate of its own ({@link LinkedBrokerMain}), the benchmark's clients in
 * this JVM reaching it over a pair of mvm links: the separated placement, as a web or EJB
 * isolate reaches its domain's JMS isolate. Same store and settings as {@link IsolaBench}.
 */
final class LinkedIsolaBench implements BenchProvider {

    private final Isolate broker;
    private final RemoteJmsSubServer client;

    LinkedIsolaBench(Path directory, Path mvmHome) {
        System.setProperty(dev.isola.mvm.isolate.MvmHome.PROPERTY, mvmHome.toString());
        String classPath = System.getProperty("java.class.path");
        Image image = new Image("jms-bench", Path.of(System.getProperty("java.home")),
                Arrays.stream(classPath.split(File.pathSeparator)).filter(s -> !s.isBlank()).map(Path::of).toList());
        broker = new Isolate(IsolateSpec.builder(LinkedBrokerMain.class.getName()).name("jms-bench-broker").image(image)
                .maxHeap(MemorySize.parse("1g")).orphanPolicy(OrphanPolicy.EXIT).arguments(directory.toString()).build());
        Isolate me = Isolate.current();
        LinkOptions options = LinkOptions.DEFAULTS.withCapacity(JmsLinks.capacityFor(JmsConfig.defaults().maxMessageSize()));
        Link toBroker = Link.newLink(me, broker, options);
        Link toClient = Link.newLink(broker, me, options);
        Link ready = Link.newLink(broker, me);
        broker.start(toBroker, toClient, ready);
        if (!(ready.receive(Duration.ofSeconds(60)) instanceof LinkMessage.Text(String text)) || !text.equals("ready")) {
            throw new IllegalStateException("the broker isolate did not get ready");
        }
        ready.close();
        client = new RemoteJmsSubServer(JmsConfig.defaults(), "bench", new TransactionalSessions(new LocalTransactionManager(Duration.ofMinutes(5))));
        client.connect(new LinkPair(toBroker, toClient));
    }

    @Override
    public String name() {
        return "isola-link";
    }

    @Override
    public String settings() {
        return "as isola, with the broker in an isolate of its own (JVM, 1 GiB heap) and the clients here, over a pair of shared-memory links"
                + " (8 MiB rings; commands, replies and events copied by the links' codec)";
    }

    @Override
    public ConnectionFactory connectionFactory() {
        return client.defaultConnectionFactory();
    }

    @Override
    public void close() {
        client.stop();
        try {
            broker.exit(0).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            broker.halt(9);
        }
    }
}
