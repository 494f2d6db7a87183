import { FUNNEL_OPT_OUT_KEY } from "./funnel-beacon";
import { useNonce } from "./nonce";

const WORDS = {
  browser:
    "Your browser asks sites not to follow you (Global Privacy Control or Do Not Track): we count nothing from it.",
  out: "You asked us not to count your visits from this browser: we count nothing from it.",
  in: "Visits from this browser are counted, anonymously, as described above.",
  stop: "Don’t count my visits",
  again: "Count my visits again",
};

/**
 * The switch's few lines, inline: the privacy notice stays a page that loads
 * no script file and no framework (the content pages' budget), and the
 * switch still works. Plain ES5-level code, the choice kept in localStorage.
 */
const SCRIPT = `(function(){var k=${JSON.stringify(FUNNEL_OPT_OUT_KEY)},w=${JSON.stringify(WORDS)},
b=document.getElementById("funnel-opt-out"),s=document.getElementById("funnel-opt-out-status");
function asks(){return navigator.globalPrivacyControl===true||navigator.doNotTrack==="1"}
function out(){try{return localStorage.getItem(k)!==null}catch(e){return false}}
function show(){if(asks()){s.textContent=w.browser;b.hidden=true;return}
var o=out();s.textContent=o?w.out:w.in;b.textContent=o?w.again:w.stop;b.hidden=false}
b.addEventListener("click",function(){try{if(out())localStorage.removeItem(k);else localStorage.setItem(k,"1")}catch(e){}show()});
show()})();`;

/**
 * The switch on /privacy that stops this browser being counted in the price
 * calculator's funnel (decision 076). The choice is kept in the browser's
 * localStorage, not a cookie: it never reaches our server, which only stops
 * receiving counts. Without JavaScript nothing is sent, so there is nothing
 * to switch off.
 */
export function FunnelOptOut() {
  const nonce = useNonce();
  return (
    <div className="card flex flex-col items-start gap-3 p-4">
      <p id="funnel-opt-out-status" role="status">
        Without JavaScript your browser sends us no counts, so there is nothing to switch off.
      </p>
      <button id="funnel-opt-out" type="button" className="btn-outline" hidden />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own constant code, allowed by the page's nonce */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: SCRIPT }} />
    </div>
  );
}
