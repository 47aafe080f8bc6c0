package dev.isola.mvm.invoke.workloads;

import dev.isola.mvm.isolate.Isolate;

import java.util.ArrayList;
import java.util.List;

/** The object the invocation tests serve. */
public final class CatalogBean implements Catalog {

    @Override
    public Item find(String name) throws NotFound {
        if (name.equals("cat")) {
            return new Item("cat", 100, List.of("pet"));
        }
        throw new NotFound("no item named " + name);
    }

    @Override
    public long slowAdd(long a, long b, long sleepMillis) {
        try {
            Thread.sleep(sleepMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return a + b;
    }

    @Override
    public Item tag(Item item, String tag) {
        List<String> tags = new ArrayList<>(item.tags());
        tags.add(tag);
        return new Item(item.name(), item.price(), tags);
    }

    @Override
    public void fail(String message) {
        throw new IllegalStateException(message);
    }

    @Override
    public String whereAmI() {
        return Isolate.current().id();
    }
}
