<%@ include file="/WEB-INF/jspf/taglibs.jspf" %>
<t:page title="Create an account">
  <h1>Create an account</h1>
  <c:if test="${not empty errors}"><p class="notice error-summary" role="alert">Please correct the ${fn:length(errors)} highlighted ${fn:length(errors) == 1 ? 'field' : 'fields'}.</p></c:if>
  <form action="${ctx}/register" method="post" novalidate>
    <fieldset>
      <legend>Sign-on</legend>
      <t:input name="userId" label="User id" value="${form.userId}" autocomplete="username" hint="3 to 20 letters, digits, '.', '_' or '-', starting with a letter."/>
      <div class="row">
        <t:input name="password" label="Password" type="password" autocomplete="new-password" hint="At least 8 characters."/>
        <t:input name="repeatPassword" label="Password again" type="password" autocomplete="new-password"/>
      </div>
    </fieldset>
    <fieldset>
      <legend>Contact</legend>
      <div class="row">
        <t:input name="firstName" label="First name" value="${form.firstName}" autocomplete="given-name"/>
        <t:input name="lastName" label="Last name" value="${form.lastName}" autocomplete="family-name"/>
      </div>
      <div class="row">
        <t:input name="email" label="E-mail address" type="email" value="${form.email}" autocomplete="email"/>
        <t:input name="phone" label="Phone (optional)" type="tel" value="${form.phone}" autocomplete="tel"/>
      </div>
    </fieldset>
    <t:address prefix="billing" legend="Billing address" address="${form.billing}" section="billing"/>
    <div class="check">
      <input type="checkbox" id="shipToBilling" name="shipToBilling" value="on"${form.shipToBilling ? ' checked' : ''}>
      <label for="shipToBilling">Ship to the billing address</label>
    </div>
    <t:address prefix="shipping" legend="Shipping address (if different)" address="${form.shipping}" section="shipping"/>
    <fieldset>
      <legend>Profile</legend>
      <div class="row">
        <div class="field${empty errors.favouriteCategory ? '' : ' invalid'}">
          <label for="favouriteCategory">Favourite category</label>
          <select id="favouriteCategory" name="favouriteCategory">
            <option value="">No favourite</option>
            <c:forEach var="category" items="${categories}">
              <option value="${fn:escapeXml(category.id)}"${category.id == form.profile.favouriteCategory ? ' selected' : ''}><c:out value="${category.name}"/></option>
            </c:forEach>
          </select>
          <c:if test="${not empty errors.favouriteCategory}"><p class="error"><c:out value="${errors.favouriteCategory}"/></p></c:if>
        </div>
        <div class="field${empty errors.language ? '' : ' invalid'}">
          <label for="language">Language for our letters</label>
          <select id="language" name="language">
            <c:forEach var="language" items="${languages}">
              <option value="${language.code}"${language.code == form.profile.language ? ' selected' : ''}><c:out value="${language.name}"/></option>
            </c:forEach>
          </select>
          <c:if test="${not empty errors.language}"><p class="error"><c:out value="${errors.language}"/></p></c:if>
        </div>
      </div>
      <div class="check">
        <input type="checkbox" id="showFavourites" name="showFavourites" value="on"${form.profile.showFavourites ? ' checked' : ''}>
        <label for="showFavourites">Show pets from my favourite category on the home page</label>
      </div>
    </fieldset>
    <button type="submit">Create account</button>
  </form>
</t:page>
