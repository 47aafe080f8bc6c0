package dev.isola.appserver.testapps.bad;

import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;

@Singleton
@DependsOn("ChickenBean")
public class EggBean {
    public void hatch() {
    }
}
