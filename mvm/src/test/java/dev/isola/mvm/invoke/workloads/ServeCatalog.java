package dev.isola.mvm.invoke.workloads;

import dev.isola.mvm.invoke.InvocationServer;
import dev.isola.mvm.invoke.Invoker;
import dev.isola.mvm.invoke.LinkPair;
import dev.isola.mvm.isolate.Isolate;
import dev.isola.mvm.link.Link;

import java.util.List;

/** An isolate serving a {@link CatalogBean} on its startup links (requests in, replies out) until they close. */
public final class ServeCatalog {
    public static void main(String[] args) {
        List<Link> links = Isolate.current().startupLinks();
        InvocationServer server = Invoker.serve(Catalog.class, new CatalogBean(), new LinkPair(links.get(1), links.get(0)));
        server.onStop().join();
    }
}
